import { Injectable, OnApplicationBootstrap } from '@nestjs/common';
import { Customer, EventBus, LanguageCode, Logger, RequestContextService, TransactionalConnection, User } from '@vendure/core';
import { IsNull } from 'typeorm';

import { AccountLimitNoticeEvent } from '../../../config/email';
import { AccountRateLimitedEvent } from '../../common';
import { loggerCtx } from '../constants';

/**
 * Turns AccountRateLimitedEvent (common plugin: a per-account limit refused for the first time
 * in its window) into the `account-limit-notice` mail, when an account has that e-mail address.
 * It runs after the response has gone, so the lookup does not make a known account's answer
 * slower or different from an unknown one's.
 */
@Injectable()
export class AccountLimitNoticeService implements OnApplicationBootstrap {
  constructor(
    private readonly eventBus: EventBus,
    private readonly connection: TransactionalConnection,
    private readonly requestContextService: RequestContextService,
  ) {}

  onApplicationBootstrap() {
    this.eventBus.ofType(AccountRateLimitedEvent).subscribe((event) => {
      this.notify(event).catch((e) => Logger.error(`Could not send an account limit notice: ${(e as Error).message}`, loggerCtx));
    });
  }

  private async notify({ input }: AccountRateLimitedEvent) {
    const user = await this.connection.rawConnection
      .getRepository(User)
      .findOne({ where: { identifier: input.identifier, deletedAt: IsNull() } });
    if (!user) return;
    const customer = await this.connection.rawConnection.getRepository(Customer).findOne({ where: { user: { id: user.id } } });
    const ctx = await this.requestContextService.create({
      apiType: 'shop',
      languageCode: input.languageCode === 'en' ? LanguageCode.en : LanguageCode.ar,
    });
    await this.eventBus.publish(
      new AccountLimitNoticeEvent(ctx, {
        emailAddress: customer?.emailAddress ?? input.identifier,
        family: input.family,
        minutes: Math.ceil(input.retryAfterSeconds / 60),
        name: customer?.firstName || undefined,
      }),
    );
  }
}
