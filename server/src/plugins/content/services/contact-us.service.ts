import { Injectable } from '@nestjs/common';
import {
  CustomerService,
  ID,
  ListQueryBuilder,
  ListQueryOptions,
  PaginatedList,
  RequestContext,
  TransactionalConnection,
} from '@vendure/core';
import { createHmac } from 'crypto';

import { clientIp, RateLimitError, rateLimitError, RateLimitService } from '../../common';
import { ContactUsMessage } from '../entities/contact-us-message.entity';
import { ContactUsInputError } from './contact-us.errors';
import { ContactUsInput, validateContactUsInput } from './contact-us-input';

/** Per IP (and per customer when logged in): CONTACT_US_RATE_LIMIT per CONTACT_US_RATE_WINDOW_SECONDS. */
function rateRule() {
  return {
    limit: Number(process.env.CONTACT_US_RATE_LIMIT) || 5,
    windowSeconds: Number(process.env.CONTACT_US_RATE_WINDOW_SECONDS) || 600,
  };
}

export const CONTACT_US_RATE_KEY = 'contactUs:';

@Injectable()
export class ContactUsService {
  constructor(
    private connection: TransactionalConnection,
    private listQueryBuilder: ListQueryBuilder,
    private rateLimit: RateLimitService,
    private customerService: CustomerService,
  ) {}

  async submit(ctx: RequestContext, input: ContactUsInput): Promise<ContactUsMessage | ContactUsInputError | RateLimitError> {
    const clean = validateContactUsInput(input);
    if (clean instanceof ContactUsInputError) return clean;

    // Only well-formed messages are counted: a shopper fixing a typo does not lose a try.
    const ipHash = this.hashIp(clientIp(ctx.req as any));
    const rule = rateRule();
    const keys = [{ key: `${CONTACT_US_RATE_KEY}ip:${ipHash}`, rule }];
    if (ctx.activeUserId) keys.push({ key: `${CONTACT_US_RATE_KEY}user:${ctx.activeUserId}`, rule });
    const allowed = await this.rateLimit.consumeAll(keys);
    if (!allowed.ok) return rateLimitError(allowed.retryAfterSeconds);

    const customer = ctx.activeUserId ? await this.customerService.findOneByUserId(ctx, ctx.activeUserId) : undefined;
    return this.connection.getRepository(ctx, ContactUsMessage).save(
      new ContactUsMessage({
        ...clean,
        languageCode: ctx.languageCode,
        customerId: customer?.id ?? null,
        ipHash,
      }),
    );
  }

  findAll(ctx: RequestContext, options?: ListQueryOptions<ContactUsMessage>): Promise<PaginatedList<ContactUsMessage>> {
    return this.listQueryBuilder
      .build(ContactUsMessage, { ...options, sort: options?.sort ?? { createdAt: 'DESC' as any } }, { ctx })
      .getManyAndCount()
      .then(([items, totalItems]) => ({ items, totalItems }));
  }

  findOne(ctx: RequestContext, id: ID): Promise<ContactUsMessage | null> {
    return this.connection.getRepository(ctx, ContactUsMessage).findOne({ where: { id } });
  }

  private hashIp(ip: string): string {
    const secret = process.env.IP_HASH_SECRET || process.env.COOKIE_SECRET || 'local-dev-ip-hash';
    return createHmac('sha256', secret).update(ip).digest('hex');
  }
}
