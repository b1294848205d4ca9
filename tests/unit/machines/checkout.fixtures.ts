import { fromCallback, fromPromise, type EventObject } from 'xstate';
import type { Address, Order, OrderStateUpdate, PaymentMethod, ShippingMethod } from '../../../machines/checkout.machine';

// Test data for the checkout machine: orders at each stage the server can report, the shopper's
// saved addresses, and the seeded shipping and payment methods (amounts in halalas).

const ADDRESS = {
  fullName: 'Sara Ali',
  streetLine1: 'King Fahd Rd 12',
  streetLine2: null,
  city: 'Riyadh',
  province: null,
  postalCode: '12211',
  countryCode: 'SA',
  country: 'Saudi Arabia',
  phoneNumber: '+966500000000',
};
const NO_ADDRESS = { ...Object.fromEntries(Object.keys(ADDRESS).map((k) => [k, null])) };

export type Stage = 'cart' | 'addressed' | 'shipped' | 'arranging' | 'paid' | 'settled';

export function orderAt(stage: Stage, overrides: Partial<Order> = {}): Order {
  const state = {
    cart: 'AddingItems',
    addressed: 'AddingItems',
    shipped: 'AddingItems',
    arranging: 'ArrangingPayment',
    paid: 'PaymentAuthorized',
    settled: 'PaymentSettled',
  }[stage];
  const hasAddress = stage !== 'cart';
  const hasShipping = stage !== 'cart' && stage !== 'addressed';
  return {
    id: '1',
    code: 'ORD1',
    state,
    active: state === 'AddingItems' || state === 'ArrangingPayment',
    totalQuantity: 2,
    subTotalWithTax: 20000,
    shippingWithTax: hasShipping ? 2500 : 0,
    totalWithTax: hasShipping ? 22500 : 20000,
    couponCodes: [],
    shippingAddress: hasAddress ? ADDRESS : NO_ADDRESS,
    shippingLines: hasShipping ? [{ shippingMethod: { id: 'sm-std', code: 'standard', name: 'Standard' }, priceWithTax: 2500 }] : [],
    payments: [],
    paymentUrl: null,
    lines: [],
    discounts: [],
    surcharges: [],
    taxSummary: [{ taxRate: 15, taxTotal: hasShipping ? 2935 : 2609 }],
    ...overrides,
  } as unknown as Order;
}

export function savedAddress(id: string, verified: boolean, isDefault = false): Address {
  return {
    id,
    ...ADDRESS,
    company: null,
    defaultShippingAddress: isDefault,
    defaultBillingAddress: isDefault,
    country: { id: '1', code: 'SA', name: 'Saudi Arabia' },
    cityDetails: null,
    customFields: { verifiedShippingAddress: verified },
  } as unknown as Address;
}

export const ADDRESSES = [savedAddress('a1', true, true), savedAddress('a2', false)];
export const NEW_ADDRESS_INPUT = { fullName: 'Sara Ali', streetLine1: 'Olaya St 3', countryCode: 'SA' };

export const SHIPPING_METHODS = [
  { id: 'sm-std', code: 'standard', name: 'Standard', description: '', price: 2174, priceWithTax: 2500 },
  { id: 'sm-exp', code: 'express', name: 'Express', description: '', price: 4348, priceWithTax: 5000 },
] as ShippingMethod[];

const method = (
  code: string,
  isEligible: boolean,
  discount: number | null,
  increment: number | null,
  eligibilityMessage: string | null = null,
) =>
  ({
    id: code,
    code,
    name: code,
    description: '',
    isEligible,
    eligibilityMessage,
    customFields: { asset: null, discount, increment },
  }) as PaymentMethod;

export const PAYMENT_METHODS = [
  method('payfort-card', true, null, null),
  method('tamara', true, 5, null),
  method('tabby', false, null, null, 'Available for orders from SAR 100.00 to SAR 5,000.00.'),
  method('cash-on-delivery', true, 0, 1500),
];

/** The same after a coupon lowered the total below cash on delivery's minimum. */
export const PAYMENT_METHODS_COD_INELIGIBLE = PAYMENT_METHODS.map((m) =>
  m.code === 'cash-on-delivery' ? { ...m, isEligible: false, eligibilityMessage: 'Cash on delivery from SAR 50.00.' } : m,
);

export const PAYFORT = {
  signature: 'sig',
  merchantReference: 'ORD1-ab12',
  params: { command: 'PURCHASE' },
  gatewayUrl: 'http://gw/paymentPage',
};

export const update = (state: string, paymentState: string | null): OrderStateUpdate => ({ orderCode: 'ORD1', state, paymentState });

/** Services that never answer: the test (or the path) sends their done/error events itself. */
export const never = <TOutput, TInput>() => fromPromise<TOutput, TInput>(() => new Promise<TOutput>(() => {}));
export const neverCallback = () => fromCallback<EventObject, { orderCode: string }>(() => () => {});

export const NEVER_ACTORS = {
  fetchCheckoutOrders: never(),
  fetchAddresses: never(),
  createAddress: never(),
  requestAddressVerification: never(),
  verifyShippingAddress: never(),
  setOrderAddress: never(),
  fetchShippingMethods: never(),
  setShippingMethod: never(),
  transitionOrder: never(),
  fetchPaymentMethods: never(),
  addPayment: never(),
  fetchPayFortSignature: never(),
  watchOrderState: neverCallback(),
  fetchOrderState: never(),
};
