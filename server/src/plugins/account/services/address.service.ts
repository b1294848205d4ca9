import { createHash } from 'node:crypto';

import { Injectable, OnApplicationBootstrap } from '@nestjs/common';
import {
  ActiveOrderService,
  Address,
  CustomerAddressEvent,
  CustomerService,
  EntityNotFoundError,
  EventBus,
  Logger,
  Order,
  OrderService,
  RequestContext,
  TransactionalConnection,
} from '@vendure/core';
import { VerificationTokenExpiredError } from '@vendure/core/dist/common/error/generated-graphql-shop-errors';

import { AddressVerificationCodeEvent } from '../../../config/email';
import { VerificationCodeInvalidError } from '../api/account-errors';
import { loggerCtx } from '../constants';
import { requireActiveCustomer } from './customer-context';
import { VerificationCodeService } from './verification-code.service';

/** Address fields whose change voids a shipping-address verification. */
const VERIFIED_FIELDS = ['streetLine1', 'streetLine2', 'city', 'province', 'postalCode', 'countryCode', 'phoneNumber'];

/**
 * A code is for one address *as it read when the code was sent*: the subject carries a digest of
 * the verified fields, so a code sent before an edit cannot verify the edited address, and a code
 * sent after it is not affected by the edit's (asynchronous) clean-up. `address` needs `country`.
 */
export function addressSubject(address: Address): string {
  const values = VERIFIED_FIELDS.map((f) =>
    f === 'countryCode' ? (address.country?.code ?? '') : String((address as unknown as Record<string, unknown>)[f] ?? ''),
  );
  return `address:${address.id}:${createHash('sha256').update(JSON.stringify(values)).digest('hex').slice(0, 16)}`;
}

/**
 * Customer address operations beyond core: default address, copying a saved address to the
 * active order, and verifying a shipping address by a code sent to the customer (the dev
 * stand-in for an SMS to the address' phone). Every method checks that the address belongs to
 * the logged-in customer; someone else's address is reported as not found.
 */
@Injectable()
export class AddressService implements OnApplicationBootstrap {
  constructor(
    private readonly connection: TransactionalConnection,
    private readonly customerService: CustomerService,
    private readonly orderService: OrderService,
    private readonly activeOrderService: ActiveOrderService,
    private readonly codes: VerificationCodeService,
    private readonly eventBus: EventBus,
  ) {}

  onApplicationBootstrap() {
    this.eventBus.ofType(CustomerAddressEvent).subscribe((event) => {
      if (event.type !== 'updated' || !event.input) return;
      const input = event.input as Record<string, unknown>;
      if (!VERIFIED_FIELDS.some((f) => input[f] !== undefined)) return;
      this.unverifyUnlessConfirmed(event.ctx, event.entity.id).catch((e) =>
        Logger.error(`Could not reset address verification: ${(e as Error).message}`, loggerCtx),
      );
    });
  }

  async ownAddress(ctx: RequestContext, addressId: string | number): Promise<Address> {
    const customer = await requireActiveCustomer(ctx, this.customerService);
    const address = await this.connection.getRepository(ctx, Address).findOne({
      where: { id: addressId, customer: { id: customer.id } },
      relations: ['country', 'customer'],
    });
    if (!address) throw new EntityNotFoundError('Address', addressId);
    return address;
  }

  async setDefaultAddress(ctx: RequestContext, addressId: string | number) {
    await this.ownAddress(ctx, addressId);
    // Core clears the flags on the customer's other addresses.
    return this.customerService.updateAddress(ctx, {
      id: String(addressId),
      defaultShippingAddress: true,
      defaultBillingAddress: true,
    });
  }

  /** Copies a saved address (with its custom fields) to the active order; null without one. */
  async setShippingAdd(ctx: RequestContext, addressId: string | number): Promise<Order | undefined> {
    const address = await this.ownAddress(ctx, addressId);
    const order = await this.activeOrderService.getActiveOrder(ctx, undefined);
    if (!order) return undefined;
    return this.orderService.setShippingAddress(ctx, order.id, {
      fullName: address.fullName,
      company: address.company,
      streetLine1: address.streetLine1,
      streetLine2: address.streetLine2,
      city: address.city,
      province: address.province,
      postalCode: address.postalCode,
      countryCode: address.country.code,
      phoneNumber: address.phoneNumber,
      defaultShippingAddress: address.defaultShippingAddress,
      defaultBillingAddress: address.defaultBillingAddress,
      customFields: { ...(address.customFields as object) },
    } as any);
  }

  async assignVerification(ctx: RequestContext, addressId: string | number) {
    const address = await this.ownAddress(ctx, addressId);
    const customer = address.customer;
    const code = await this.codes.issue(ctx, 'shipping-address', addressSubject(address));
    await this.eventBus.publish(
      new AddressVerificationCodeEvent(ctx, {
        emailAddress: customer.emailAddress,
        code,
        expiresInMinutes: this.codes.ttlMinutes,
        name: customer.firstName || undefined,
        addressSummary: [address.streetLine1, address.city, address.phoneNumber].filter(Boolean).join(' — '),
      }),
    );
  }

  async verify(ctx: RequestContext, addressId: string | number, code: string) {
    const address = await this.ownAddress(ctx, addressId);
    const check = await this.codes.check(ctx, 'shipping-address', addressSubject(address), code);
    // No code for the address as it reads now (none sent, used, or sent before an edit): ask
    // for a new one, like an expired code (it is not "too many wrong codes").
    if (check.kind === 'expired' || check.kind === 'missing') return new VerificationTokenExpiredError();
    if (check.kind === 'invalid') return new VerificationCodeInvalidError({ attemptsLeft: check.attemptsLeft });
    await this.codes.consume(ctx, check.record);
    await this.setVerified(ctx, address.id, true);
    return this.ownAddress(ctx, address.id);
  }

  /**
   * After an edit of a verified field (run from the event, i.e. after the edit and possibly after
   * the customer already asked for and entered a new code): the address stays verified only if a
   * code for its current content was confirmed.
   */
  private async unverifyUnlessConfirmed(ctx: RequestContext, addressId: string | number) {
    const address = await this.connection.getRepository(ctx, Address).findOne({ where: { id: addressId }, relations: ['country'] });
    if (!address) return;
    if (await this.codes.wasConsumed(ctx, 'shipping-address', addressSubject(address))) return;
    await this.setVerified(ctx, addressId, false);
  }

  private async setVerified(ctx: RequestContext, addressId: string | number, value: boolean) {
    // Raw update: the field is readonly in the API, and save() of a partial entity would
    // replace the whole customFields embeddable.
    await this.connection
      .getRepository(ctx, Address)
      .update({ id: addressId }, { customFields: { verifiedShippingAddress: value } } as any);
  }
}
