/**
 * What the shopper pays with a given payment method. PaymentMethod custom fields (seeded by the
 * backend's payments step): `discount` is a percentage taken off the order total, `increment` a
 * fee in halalas added to it (e.g. cash on delivery +15 SAR, an installment provider's offer -5 %).
 * All amounts are integer minor units (halalas), like Vendure's.
 */
export interface MethodAdjustable {
  customFields?: { discount?: number | null; increment?: number | null } | null;
}

export interface PaymentTotal {
  /** The order's total with tax, as the server computed it. */
  orderTotal: number;
  /** Taken off by the method (0 when none); shown as a discount line. */
  discount: number;
  /** Added by the method (0 when none); shown as a fee line. */
  increment: number;
  /** What the shopper is charged. */
  payable: number;
}

export function paymentTotal(orderTotal: number, method: MethodAdjustable | null | undefined): PaymentTotal {
  const percent = clampPercent(method?.customFields?.discount ?? 0);
  const discount = Math.round((orderTotal * percent) / 100);
  const increment = Math.max(0, Math.round(method?.customFields?.increment ?? 0));
  return { orderTotal, discount, increment, payable: Math.max(0, orderTotal - discount + increment) };
}

// An admin typo (120 %, -5 %) must never make an order free or more expensive by a "discount".
function clampPercent(value: number): number {
  return Math.min(100, Math.max(0, value));
}
