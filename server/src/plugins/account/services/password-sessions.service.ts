import { Injectable, OnApplicationBootstrap } from '@nestjs/common';
import { HistoryEntryType } from '@vendure/common/lib/generated-types';
import {
  AuthenticatedSession,
  ConfigService,
  EventBus,
  HistoryEntryEvent,
  ID,
  Logger,
  PasswordResetVerifiedEvent,
  RequestContext,
  SessionService,
  TransactionalConnection,
} from '@vendure/core';
import { Not } from 'typeorm';

import { loggerCtx } from '../constants';

/**
 * Ends a user's other sessions when their password changes (issue 33 §3): a token stolen before
 * a "forgot password" or a password change stops working with it.
 *
 * - Reset (by e-mailed code through `changeUserPassword`, or core's `resetPassword`): core's
 *   CustomerService.resetPassword publishes PasswordResetVerifiedEvent; every authenticated
 *   session of that user is deleted (SessionService.deleteSessionsByUser, which also drops them
 *   from the session cache). changeUserPassword signs the shopper in afterwards, so that new
 *   session is the only one.
 * - Change (`updateCustomerPassword`): core publishes no event of its own but writes the
 *   CUSTOMER_PASSWORD_UPDATED history entry (HistoryEntryEvent); every session of the user but
 *   the one making the change is deleted and dropped from the session cache.
 *
 * Both handlers are blocking (EventBus.registerBlockingEventHandler): they run inside the
 * mutation's transaction before it answers, so the other sessions are gone when the shopper sees
 * "password changed", and a failure fails the change instead of leaving them open.
 */
@Injectable()
export class PasswordSessionsService implements OnApplicationBootstrap {
  constructor(
    private readonly eventBus: EventBus,
    private readonly connection: TransactionalConnection,
    private readonly sessionService: SessionService,
    private readonly configService: ConfigService,
  ) {}

  onApplicationBootstrap() {
    this.eventBus.registerBlockingEventHandler({
      event: PasswordResetVerifiedEvent,
      id: 'account-end-sessions-on-password-reset',
      handler: async (event) => {
        await this.sessionService.deleteSessionsByUser(event.ctx, event.user);
        Logger.verbose(`Password reset: ended every session of user ${event.user.id}`, loggerCtx);
      },
    });
    this.eventBus.registerBlockingEventHandler({
      event: HistoryEntryEvent,
      id: 'account-end-other-sessions-on-password-change',
      handler: async (event) => {
        if (event.type !== 'created' || event.historyType !== 'customer') return;
        const input = event.input;
        if (typeof input !== 'object' || input?.type !== HistoryEntryType.CUSTOMER_PASSWORD_UPDATED) return;
        const userId = event.ctx.activeUserId;
        if (userId == null) return;
        const ended = await this.endOtherSessions(event.ctx, userId);
        Logger.verbose(`Password change: ended ${ended} other session(s) of user ${userId}`, loggerCtx);
      },
    });
  }

  /** Deletes every authenticated session of the user except the request's own; returns how many. */
  async endOtherSessions(ctx: RequestContext, userId: ID): Promise<number> {
    const current = ctx.session?.token;
    const repository = this.connection.getRepository(ctx, AuthenticatedSession);
    const others = await repository.find({
      where: { user: { id: userId }, ...(current ? { token: Not(current) } : {}) },
    });
    await repository.remove(others);
    const cache = this.configService.authOptions.sessionCacheStrategy;
    for (const session of others) await cache.delete(session.token);
    return others.length;
  }
}
