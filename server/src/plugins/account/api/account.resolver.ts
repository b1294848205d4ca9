import { Args, Context, Mutation, Resolver } from '@nestjs/graphql';
import { Allow, ConfigService, Ctx, Permission, RequestContext, SessionService, Transaction, TransactionalConnection } from '@vendure/core';
import { setSessionToken } from '@vendure/core/dist/api/common/set-session-token';
import type { Request, Response } from 'express';

import { clientIp, RateLimitService, rateLimitError } from '../../common';
import { accountRateLimits } from '../account.rate-limits';
import { AccountCodeService, normalizeEmail } from '../services/account-code.service';

@Resolver()
export class AccountResolver {
  constructor(
    private readonly accountCodes: AccountCodeService,
    private readonly sessionService: SessionService,
    private readonly configService: ConfigService,
    private readonly rateLimit: RateLimitService,
    private readonly connection: TransactionalConnection,
  ) {}

  @Mutation()
  @Allow(Permission.Public)
  async createSession(@Ctx() ctx: RequestContext, @Context('req') req: Request, @Context('res') res: Response) {
    const session = await this.sessionService.createAnonymousSession();
    setSessionToken({
      req,
      res,
      authOptions: this.configService.authOptions,
      rememberMe: false,
      sessionToken: session.token,
    });
    return { token: session.token };
  }

  // No @Transaction: the attempt is counted before the transaction opens, so that a rollback
  // (on SQLite the counter shares its one connection) cannot take the hit back.
  @Mutation()
  @Allow(Permission.Public)
  async verifyAccount(
    @Ctx() ctx: RequestContext,
    @Args() args: { code: string; email: string; password?: string | null },
    @Context('req') req: Request,
    @Context('res') res: Response,
  ) {
    const ip = clientIp(req);
    const email = normalizeEmail(args.email);
    const limited = await this.rateLimit.consumeAll([
      { key: `verifyAccount:ip:${ip}`, rule: accountRateLimits.verifyAccount.perIp },
      {
        key: `verifyAccount:email:${email}`,
        rule: accountRateLimits.verifyAccount.perEmail,
        notify: { family: 'verification-code', identifier: email, languageCode: ctx.languageCode },
      },
    ]);
    if (!limited.ok) return rateLimitError(limited.retryAfterSeconds);
    return this.connection.withTransaction(ctx, (tx) => this.accountCodes.verifyAccount(tx, req, res, args));
  }

  @Transaction()
  @Mutation()
  @Allow(Permission.Public)
  async refreshVerify(@Ctx() ctx: RequestContext, @Args() args: { emailAddress: string }) {
    // HTTP 429 limits: see accountHttpLimits (common plugin).
    await this.accountCodes.refreshVerify(ctx, args.emailAddress);
    return { success: true };
  }

  @Transaction()
  @Mutation()
  @Allow(Permission.Public)
  async requestPasswordResetCode(@Ctx() ctx: RequestContext, @Args() args: { emailAddress: string }) {
    await this.accountCodes.requestPasswordResetCode(ctx, args.emailAddress);
    return { success: true };
  }

  // No @Transaction: see verifyAccount.
  @Mutation()
  @Allow(Permission.Public)
  async verifyForgetpasswordCode(@Ctx() ctx: RequestContext, @Args() args: { code: string; email: string }, @Context('req') req: Request) {
    const ip = clientIp(req);
    const email = normalizeEmail(args.email);
    const rules = accountRateLimits.verifyForgetpasswordCode;
    const limited = await this.rateLimit.consumeAll([
      { key: `verifyForgetpasswordCode:ip:${ip}`, rule: rules.perIp },
      {
        key: `verifyForgetpasswordCode:email:${email}`,
        rule: rules.perEmail,
        notify: { family: 'password-reset', identifier: email, languageCode: ctx.languageCode },
      },
    ]);
    if (!limited.ok) return rateLimitError(limited.retryAfterSeconds);
    return this.connection.withTransaction(ctx, (tx) => this.accountCodes.verifyForgetPasswordCode(tx, args));
  }

  @Transaction()
  @Mutation()
  @Allow(Permission.Public)
  async changeUserPassword(
    @Ctx() ctx: RequestContext,
    @Args() args: { resetToken: string; password: string },
    @Context('req') req: Request,
    @Context('res') res: Response,
  ) {
    const limited = await this.rateLimit.consume(`changeUserPassword:ip:${clientIp(req)}`, accountRateLimits.changeUserPassword.perIp);
    if (!limited.ok) return rateLimitError(limited.retryAfterSeconds);
    return this.accountCodes.changeUserPassword(ctx, req, res, args.resetToken, args.password);
  }
}
