import { getActiveOrder, type Order } from './cart.service';
import type { RequestOptions, ShopClient } from './client';
import { AssetFields, OrderFields, ErrorResultFields, InstallmentPlanFields } from './fragments';
import { graphql, type ResultOf, type VariablesOf } from './graphql';
import { nullIfForbidden } from './orders.service';
import { toResult, type Failure } from './result';

export const getCheckOutOrderDocument = graphql(
  `
    query getCheckOutOrder($code: String!) {
      orderByCode(code: $code) {
        ...OrderFields
      }
    }
  `,
  [OrderFields],
);

/** The order a checkout page works on; null when it is not this customer's (FORBIDDEN) or unknown. */
export async function getCheckoutOrder(client: ShopClient, code: string, options?: RequestOptions): Promise<Order | null> {
  return nullIfForbidden(client.request(getCheckOutOrderDocument, { code }, options).then((data) => data.orderByCode));
}

export interface CheckoutOrders {
  /** The customer's active order (the cart), or null. */
  active: Order | null;
  /** The order named in the URL if this customer may read it, else null. */
  byCode: Order | null;
}

/**
 * What the checkout starts from: the active order, and the URL's order only as far as the backend
 * lets this customer read it (a code from a URL is a hint, never trusted).
 */
export async function getCheckoutOrders(
  client: ShopClient,
  { code }: { code: string | null },
  options?: RequestOptions,
): Promise<CheckoutOrders> {
  const [active, byCode] = await Promise.all([getActiveOrder(client, options), code ? getCheckoutOrder(client, code, options) : null]);
  return { active, byCode };
}

export const getPaymentMethodsDocument = graphql(
  `
    query GetPaymentMethods {
      eligiblePaymentMethods {
        id
        code
        name
        description
        isEligible
        eligibilityMessage
        customFields {
          asset {
            ...AssetFields
          }
          discount
          increment
        }
        installmentPlan {
          ...InstallmentPlanFields
        }
      }
    }
  `,
  [AssetFields, InstallmentPlanFields],
);

/**
 * Methods for the active order; customFields: logo asset, discount (%), increment (halalas);
 * installmentPlan: Tamara's / Tabby's terms (null for the others).
 */
export async function getPaymentMethods(client: ShopClient, options?: RequestOptions) {
  return (await client.request(getPaymentMethodsDocument, {}, options)).eligiblePaymentMethods;
}

export type PaymentMethod = ResultOf<typeof getPaymentMethodsDocument>['eligiblePaymentMethods'][number];

export const getShippingMethodsDocument = graphql(`
  query GetShippingMethods {
    eligibleShippingMethods {
      id
      code
      name
      description
      price
      priceWithTax
      customFields {
        minDeliveryDays
        maxDeliveryDays
      }
    }
  }
`);

export async function getShippingMethods(client: ShopClient, options?: RequestOptions) {
  return (await client.request(getShippingMethodsDocument, {}, options)).eligibleShippingMethods;
}

export const setShippingAddDocument = graphql(
  `
    mutation setShippingAdd($addressId: ID!) {
      setShippingAdd(addressId: $addressId) {
        ...OrderFields
      }
    }
  `,
  [OrderFields],
);

/** Copies a saved address onto the active order; null when there is no active order. */
export async function useSavedShippingAddress(client: ShopClient, addressId: string): Promise<Order | null> {
  return (await client.request(setShippingAddDocument, { addressId })).setShippingAdd;
}

export const setShippingAddressDocument = graphql(
  `
    mutation SetShippingAddress($input: CreateAddressInput!) {
      setOrderShippingAddress(input: $input) {
        __typename
        ... on Order {
          ...OrderFields
        }
        ...ErrorResultFields
      }
    }
  `,
  [OrderFields, ErrorResultFields],
);

export type ActiveOrderResult = { ok: true; order: Order } | Failure<'NO_ACTIVE_ORDER_ERROR'>;

export async function setShippingAddress(
  client: ShopClient,
  input: VariablesOf<typeof setShippingAddressDocument>['input'],
): Promise<ActiveOrderResult> {
  const r = (await client.request(setShippingAddressDocument, { input })).setOrderShippingAddress;
  return toResult(r, (order) => ({ order }));
}

export const setOrderShippingMethodDocument = graphql(
  `
    mutation setOrderShippingMethod($shippingMethodId: [ID!]!) {
      setOrderShippingMethod(shippingMethodId: $shippingMethodId) {
        __typename
        ... on Order {
          ...OrderFields
        }
        ...ErrorResultFields
      }
    }
  `,
  [OrderFields, ErrorResultFields],
);

export type SetShippingMethodResult =
  { ok: true; order: Order } | Failure<'ORDER_MODIFICATION_ERROR' | 'INELIGIBLE_SHIPPING_METHOD_ERROR' | 'NO_ACTIVE_ORDER_ERROR'>;

export async function setShippingMethod(client: ShopClient, shippingMethodIds: string[]): Promise<SetShippingMethodResult> {
  const r = (await client.request(setOrderShippingMethodDocument, { shippingMethodId: shippingMethodIds })).setOrderShippingMethod;
  return toResult(r, (order) => ({ order }));
}

export const transitionOrderDocument = graphql(
  `
    mutation TransitionOrder($state: String!) {
      transitionOrderToState(state: $state) {
        __typename
        ... on Order {
          ...OrderFields
        }
        ...ErrorResultFields
        ... on OrderStateTransitionError {
          transitionError
          fromState
          toState
        }
      }
    }
  `,
  [OrderFields, ErrorResultFields],
);

export type TransitionResult =
  | { ok: true; order: Order }
  | Failure<'ORDER_STATE_TRANSITION_ERROR', { transitionError: string; fromState: string; toState: string }>
  | Failure<'NO_ACTIVE_ORDER_ERROR'>;

/** Spec §4: moves the active order to a named state (e.g. ArrangingPayment). */
export async function transitionOrder(client: ShopClient, state: string): Promise<TransitionResult> {
  const r = (await client.request(transitionOrderDocument, { state })).transitionOrderToState;
  return toResult(r, (order) => ({ order }), { ok: false, code: 'NO_ACTIVE_ORDER_ERROR', message: 'No active order' });
}

export const addPaymentDocument = graphql(
  `
    mutation AddPayment($input: PaymentInput!) {
      addPaymentToOrder(input: $input) {
        __typename
        ... on Order {
          ...OrderFields
        }
        ...ErrorResultFields
        ... on IneligiblePaymentMethodError {
          eligibilityCheckerMessage
        }
        ... on PaymentFailedError {
          paymentErrorMessage
        }
        ... on PaymentDeclinedError {
          paymentErrorMessage
        }
        ... on OrderStateTransitionError {
          transitionError
        }
        ... on CouponRemovedDuringCheckoutError {
          removedCouponCodes
          previousTotalWithTax
          newTotalWithTax
        }
      }
    }
  `,
  [OrderFields, ErrorResultFields],
);

export type AddPaymentResult =
  /** `paymentUrl` is set when the method pays on a provider's page (redirect there). */
  | { ok: true; order: Order; paymentUrl: string | null }
  | Failure<'ORDER_PAYMENT_STATE_ERROR' | 'NO_ACTIVE_ORDER_ERROR'>
  | Failure<'INELIGIBLE_PAYMENT_METHOD_ERROR', { eligibilityCheckerMessage: string | null }>
  | Failure<'PAYMENT_FAILED_ERROR' | 'PAYMENT_DECLINED_ERROR', { paymentErrorMessage: string }>
  | Failure<'ORDER_STATE_TRANSITION_ERROR', { transitionError: string }>
  | Failure<
      'COUPON_REMOVED_DURING_CHECKOUT_ERROR',
      { removedCouponCodes: string[]; previousTotalWithTax: number; newTotalWithTax: number }
    >;

export async function addPayment(client: ShopClient, input: { method: string; metadata: unknown }): Promise<AddPaymentResult> {
  const r = (await client.request(addPaymentDocument, { input })).addPaymentToOrder;
  return toResult(r, (order) => ({ order, paymentUrl: order.paymentUrl ?? null }));
}

export const getPayFortSignatureDocument = graphql(`
  mutation GetPayFortSignature($orderCode: String!) {
    getPayFortSignature(orderCode: $orderCode) {
      signature
      merchantReference
      params
      gatewayUrl
    }
  }
`);

export type PayFortSignature = ResultOf<typeof getPayFortSignatureDocument>['getPayFortSignature'];

/** The signed form fields to post to the card gateway for this order. */
export async function getPayFortSignature(client: ShopClient, orderCode: string): Promise<PayFortSignature> {
  return (await client.request(getPayFortSignatureDocument, { orderCode })).getPayFortSignature;
}
