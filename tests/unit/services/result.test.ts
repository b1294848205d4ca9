import { describe, expect, expectTypeOf, it, vi } from 'vitest';
import type { addToCartDocument } from '../../../services/cart.service';
import type { ResultOf } from '../../../services/graphql';
import { toResult, type FailureOf } from '../../../services/result';

// What Vendure answers for addItemToOrder: the Order or one of five ErrorResults.
type AddItemResult = ResultOf<typeof addToCartDocument>['addItemToOrder'];
type Order = Extract<AddItemResult, { __typename: 'Order' }>;

const order = { __typename: 'Order', id: '7', code: 'AB12', totalQuantity: 3 } as unknown as Order;

describe('toResult (services/result.ts)', () => {
  it('hands the success member to the caller and tags it ok', () => {
    const result = toResult(order as AddItemResult, (o) => ({ order: o }));

    expect(result).toEqual({ ok: true, order: { __typename: 'Order', id: '7', code: 'AB12', totalQuantity: 3 } });
  });

  it.each([
    [
      'with two extra fields',
      { __typename: 'InsufficientStockError', errorCode: 'INSUFFICIENT_STOCK_ERROR', message: 'Only 2 left', quantityAvailable: 2, order },
      { ok: false, code: 'INSUFFICIENT_STOCK_ERROR', message: 'Only 2 left', quantityAvailable: 2, order },
    ],
    [
      'with one extra field',
      { __typename: 'OrderLimitError', errorCode: 'ORDER_LIMIT_ERROR', message: 'Too many', maxItems: 10 },
      { ok: false, code: 'ORDER_LIMIT_ERROR', message: 'Too many', maxItems: 10 },
    ],
    [
      'with a string extra field',
      {
        __typename: 'OrderInterceptorError',
        errorCode: 'ORDER_INTERCEPTOR_ERROR',
        message: 'Blocked',
        interceptorError: 'Limit per customer',
      },
      { ok: false, code: 'ORDER_INTERCEPTOR_ERROR', message: 'Blocked', interceptorError: 'Limit per customer' },
    ],
    [
      'without extra fields',
      { __typename: 'NegativeQuantityError', errorCode: 'NEGATIVE_QUANTITY_ERROR', message: 'Negative' },
      { ok: false, code: 'NEGATIVE_QUANTITY_ERROR', message: 'Negative' },
    ],
  ])('maps an ErrorResult %s to a failure without __typename or errorCode', (_, raw, expected) => {
    const success = vi.fn(() => ({}));

    const result = toResult(raw as AddItemResult, success);

    expect(result).toEqual(expected);
    expect(result).not.toHaveProperty('__typename');
    expect(result).not.toHaveProperty('errorCode');
    expect(success).not.toHaveBeenCalled();
  });

  it("reports the server's errorCode at run time (the type name only narrows the type)", () => {
    const raw = { __typename: 'RateLimitError', errorCode: 'TOO_MANY_REQUESTS', message: 'Wait', retryAfterSeconds: 60 };

    expect(toResult(raw, () => ({}))).toEqual({ ok: false, code: 'TOO_MANY_REQUESTS', message: 'Wait', retryAfterSeconds: 60 });
  });

  it('treats a member without errorCode as the success, even one that carries a message', () => {
    const raw = { __typename: 'Notice', message: 'Saved', success: true } as
      | { __typename: 'Notice'; message: string; success: boolean }
      | { __typename: 'NotVerifiedError'; errorCode: 'NOT_VERIFIED_ERROR'; message: string };

    const result = toResult(raw, (notice) => ({ saved: notice.success, note: notice.message }));

    expect(result).toEqual({ ok: true, saved: true, note: 'Saved' });
  });

  it('answers the given failure for a null result', () => {
    const result = toResult(null as AddItemResult | null, (o) => ({ order: o }), {
      ok: false,
      code: 'NO_ACTIVE_ORDER_ERROR',
      message: 'No active order',
    });

    expect(result).toEqual({ ok: false, code: 'NO_ACTIVE_ORDER_ERROR', message: 'No active order' });
  });

  it('rejects a null result when the operation declared no failure for it', () => {
    const raw = null as unknown as AddItemResult;

    expect(() => toResult(raw, (o) => ({ order: o }))).toThrow(TypeError);
  });

  it('narrows each failure code to its member (the typecheck runs these)', () => {
    const result = toResult({} as AddItemResult, (o) => ({ order: o }));
    if (result.ok) return;

    expectTypeOf(result.code).toEqualTypeOf<
      'INSUFFICIENT_STOCK_ERROR' | 'ORDER_LIMIT_ERROR' | 'ORDER_INTERCEPTOR_ERROR' | 'ORDER_MODIFICATION_ERROR' | 'NEGATIVE_QUANTITY_ERROR'
    >();
    type Limit = Extract<typeof result, { code: 'ORDER_LIMIT_ERROR' }>;
    // Flattened: expectTypeOf tells `{ a } & { b }` from `{ a; b }`.
    expectTypeOf<{ [K in keyof Limit]: Limit[K] }>().toEqualTypeOf<{
      ok: false;
      code: 'ORDER_LIMIT_ERROR';
      message: string;
      maxItems: number;
    }>();
  });

  it('gives a member whose name maps to no ErrorCode a code no declared result accepts', () => {
    type Odd = { __typename: 'OddError'; errorCode: 'RATE_LIMIT_ERROR' | 'NOT_VERIFIED_ERROR'; message: string };

    expectTypeOf<FailureOf<Odd>['code']>().toEqualTypeOf<'no ErrorCode for OddError'>();
  });
});
