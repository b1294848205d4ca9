import { Inject, Injectable } from '@nestjs/common';
import { RequestContext, TransactionalConnection } from '@vendure/core';
import { createHmac, randomInt, timingSafeEqual } from 'crypto';
import { IsNull, LessThan, MoreThan, Not } from 'typeorm';

import { ACCOUNT_PLUGIN_OPTIONS, AccountPluginOptions } from '../constants';
import { VerificationCode, VerificationCodePurpose } from '../entities/verification-code.entity';

export type CodeCheckResult =
  { kind: 'ok'; record: VerificationCode } | { kind: 'invalid'; attemptsLeft: number } | { kind: 'expired' } | { kind: 'missing' };

/**
 * Issues and checks 6-digit codes. Codes are stored as an HMAC keyed with a server secret, so a
 * database dump does not reveal live codes without the secret. Wrong attempts are counted with
 * an atomic conditional UPDATE, so parallel guesses cannot exceed the attempt budget.
 */
@Injectable()
export class VerificationCodeService {
  private readonly secret = process.env.VERIFICATION_CODE_SECRET || process.env.COOKIE_SECRET || 'local-dev-verification-code-secret';

  constructor(
    private readonly connection: TransactionalConnection,
    @Inject(ACCOUNT_PLUGIN_OPTIONS) private readonly options: AccountPluginOptions,
  ) {}

  get ttlMinutes() {
    return this.options.codeTtlMinutes;
  }

  /** Replaces any previous code for (purpose, subject) and returns the new plain code. */
  async issue(ctx: RequestContext, purpose: VerificationCodePurpose, subject: string, coreToken: string | null = null): Promise<string> {
    const code = randomInt(0, 1_000_000).toString().padStart(6, '0');
    const repo = this.connection.getRepository(ctx, VerificationCode);
    await repo.delete({ purpose, subject });
    // Housekeeping: drop long-dead codes of any subject.
    await repo.delete({ expiresAt: LessThan(new Date(Date.now() - 24 * 3600_000)) });
    await repo.save(
      new VerificationCode({
        purpose,
        subject,
        codeHash: this.hash(purpose, subject, code),
        coreToken,
        expiresAt: new Date(Date.now() + this.options.codeTtlMinutes * 60_000),
        attemptsLeft: this.options.maxCodeAttempts,
        consumedAt: null,
      }),
    );
    return code;
  }

  /**
   * Checks a code. A wrong code costs one attempt; once none are left even the right code is
   * refused until a new one is issued. A right code stays usable until `consume()` is called,
   * so that the caller can consume it only once the guarded action succeeded (e.g. a password
   * rejected by the policy must not burn the code).
   */
  async check(ctx: RequestContext, purpose: VerificationCodePurpose, subject: string, code: string): Promise<CodeCheckResult> {
    const repo = this.connection.getRepository(ctx, VerificationCode);
    const record = await repo.findOne({ where: { purpose, subject }, order: { createdAt: 'DESC' } });
    if (!record || record.consumedAt) return { kind: 'missing' };
    if (record.expiresAt.getTime() <= Date.now()) return { kind: 'expired' };
    if (record.attemptsLeft <= 0) return { kind: 'invalid', attemptsLeft: 0 };
    const normalized = String(code ?? '').trim();
    if (/^\d{6}$/.test(normalized) && this.matches(record.codeHash, this.hash(purpose, subject, normalized))) {
      return { kind: 'ok', record };
    }
    await repo.decrement({ id: record.id, attemptsLeft: MoreThan(0) }, 'attemptsLeft', 1);
    const after = await repo.findOne({ where: { id: record.id } });
    return { kind: 'invalid', attemptsLeft: Math.max(0, after?.attemptsLeft ?? 0) };
  }

  /** Marks a checked code as used. False when a parallel request consumed it first. */
  async consume(ctx: RequestContext, record: VerificationCode): Promise<boolean> {
    const res = await this.connection
      .getRepository(ctx, VerificationCode)
      .update({ id: record.id, consumedAt: IsNull() }, { consumedAt: new Date() });
    // better-sqlite3 and PostgreSQL report the rows changed; an unknown count fails closed.
    return (res.affected ?? 0) > 0;
  }

  /** Whether a code for (purpose, subject) was confirmed (and not yet cleaned up). */
  async wasConsumed(ctx: RequestContext, purpose: VerificationCodePurpose, subject: string): Promise<boolean> {
    const count = await this.connection
      .getRepository(ctx, VerificationCode)
      .count({ where: { purpose, subject, consumedAt: Not(IsNull()) } });
    return count > 0;
  }

  async discard(ctx: RequestContext, purpose: VerificationCodePurpose, subject: string) {
    await this.connection.getRepository(ctx, VerificationCode).delete({ purpose, subject });
  }

  private hash(purpose: string, subject: string, code: string) {
    return createHmac('sha256', this.secret).update(`${purpose}\n${subject}\n${code}`).digest('hex');
  }

  private matches(a: string, b: string) {
    const ba = Buffer.from(a, 'hex');
    const bb = Buffer.from(b, 'hex');
    return ba.length === bb.length && timingSafeEqual(ba, bb);
  }
}
