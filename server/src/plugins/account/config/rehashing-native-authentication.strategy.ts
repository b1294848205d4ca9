import {
  ConfigService,
  ID,
  Injector,
  Logger,
  NativeAuthenticationMethod,
  NativeAuthenticationStrategy,
  RequestContext,
  TransactionalConnection,
} from '@vendure/core';

import { Argon2idPasswordHashingStrategy } from './argon2id-password-hashing.strategy';

const loggerCtx = 'RehashingNativeAuthentication';

/**
 * Vendure's native (email + password) authentication, which after a password has been verified
 * replaces a hash made otherwise than the configured Argon2id strategy (decision 023: bcrypt
 * hashes of accounts made before it) with a new one. The check itself is Vendure's: one hash
 * round on every path, a dummy hash for unknown accounts.
 */
export class RehashingNativeAuthenticationStrategy extends NativeAuthenticationStrategy {
  private db!: TransactionalConnection;
  private hashing: unknown;

  async init(injector: Injector): Promise<void> {
    await super.init(injector);
    this.db = injector.get(TransactionalConnection);
    this.hashing = injector.get(ConfigService).authOptions.passwordHashingStrategy;
  }

  async verifyUserPassword(ctx: RequestContext, userId: ID, password: string): Promise<boolean> {
    const ok = await super.verifyUserPassword(ctx, userId, password);
    if (ok && this.hashing instanceof Argon2idPasswordHashingStrategy) await this.rehash(ctx, userId, password, this.hashing);
    return ok;
  }

  private async rehash(ctx: RequestContext, userId: ID, password: string, hashing: Argon2idPasswordHashingStrategy) {
    try {
      const repository = this.db.getRepository(ctx, NativeAuthenticationMethod);
      const method = await repository.findOne({
        where: { user: { id: userId } },
        select: { id: true, passwordHash: true },
      });
      if (!method || !hashing.needsRehash(method.passwordHash)) return;
      const passwordHash = await hashing.hash(password);
      // only if nobody changed the password meanwhile
      await repository.update({ id: method.id, passwordHash: method.passwordHash }, { passwordHash });
    } catch (error) {
      // the sign-in stands; the old hash still verifies and is replaced at the next one
      Logger.warn(`could not replace a password hash: ${(error as Error).message}`, loggerCtx);
    }
  }
}
