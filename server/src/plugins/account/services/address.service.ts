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

const addressSubject = (id: string | number) => `address:${id}`;

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
      this.unverify(event.ctx, event.entity.id).catch((e) =>
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
    const code = await this.codes.issue(ctx, 'shipping-address', addressSubject(address.id));
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
    const check = await this.codes.check(ctx, 'shipping-address', addressSubject(address.id), code);
    if (check.kind === 'expired') return new VerificationTokenExpiredError();
    if (check.kind === 'missing') return new VerificationCodeInvalidError({ attemptsLeft: 0 });
    if (check.kind === 'invalid') return new VerificationCodeInvalidError({ attemptsLeft: check.attemptsLeft });
    await this.codes.consume(ctx, check.record);
    await this.setVerified(ctx, address.id, true);
    return this.ownAddress(ctx, address.id);
  }

  private async unverify(ctx: RequestContext, addressId: string | number) {
    await this.setVerified(ctx, addressId, false);
    await this.codes.discard(ctx, 'shipping-address', addressSubject(addressId));
  }

  private async setVerified(ctx: RequestContext, addressId: string | number, value: boolean) {
    // Raw update: the field is readonly in the API, and save() of a partial entity would
    // replace the whole customFields embeddable.
    await this.connection
      .getRepository(ctx, Address)
      .update({ id: addressId }, { customFields: { verifiedShippingAddress: value } } as any);
  }
}
