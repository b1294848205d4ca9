import { msg } from '@lingui/core/macro';
import type { I18n, MessageDescriptor } from '@lingui/core';

/** Vendure's order states as the customer reads them. */
export const ORDER_STATE_LABELS: Record<string, MessageDescriptor> = {
  AddingItems: msg`In the cart`,
  ArrangingPayment: msg`Awaiting payment`,
  PaymentAuthorized: msg`Payment authorised`,
  PaymentSettled: msg`Paid`,
  PartiallyShipped: msg`Partly shipped`,
  Shipped: msg`Shipped`,
  PartiallyDelivered: msg`Partly delivered`,
  Delivered: msg`Delivered`,
  Cancelled: msg`Cancelled`,
  Rejected: msg`Rejected`,
};

export const PAYMENT_STATE_LABELS: Record<string, MessageDescriptor> = {
  Created: msg`Created`,
  Authorized: msg`Authorised`,
  Settled: msg`Settled`,
  Declined: msg`Declined`,
  Cancelled: msg`Cancelled`,
  Error: msg`Failed`,
};

export const PAYMENT_METHOD_LABELS: Record<string, MessageDescriptor> = {
  'cash-on-delivery': msg`Cash on delivery`,
  'payfort-card': msg`Card`,
  tamara: msg`Tamara`,
  tabby: msg`Tabby`,
};

/** The translated label of a state or method; an unknown one shows its code. */
export function labelOf(i18n: I18n, labels: Record<string, MessageDescriptor>, key: string): string {
  const descriptor = labels[key];
  return descriptor ? i18n._(descriptor) : key;
}

/**
 * A row of Vendure's tax summary in the page's language. The backend names the rows after its tax
 * rates ("VAT 15% Saudi Arabia", an untranslatable admin setting) and, for delivery, core's fixed
 * "shipping tax": the shopper reads what the tax is on; the rate has its own column.
 */
export function taxName(i18n: I18n, row: { description: string; taxRate: number }): string {
  if (row.description === 'shipping tax') return i18n._(msg`VAT on delivery`);
  return row.taxRate === 0 ? i18n._(msg`Zero-rated items`) : i18n._(msg`VAT on items`);
}
