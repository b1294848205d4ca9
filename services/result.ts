import { ShopApiError } from './client';

// Vendure answers expected failures as data (`... on ErrorResult { errorCode message }`). Services
// turn them into tagged results so machines route on `ok`/`code` and views never see __typename.

export type Failure<C extends string = string, X extends object = object> = { ok: false; code: C; message: string } & X;

type ErrorMember = { __typename: string; errorCode: string; message: string };

// The schema types every member's `errorCode` as the whole ErrorCode enum. Vendure names each code
// after its type (InsufficientStockError -> INSUFFICIENT_STOCK_ERROR, our plugins follow suit), so
// the type name narrows the code per member. A type whose name maps to no code gets a code no
// declared result type accepts, so the mismatch fails the typecheck instead of passing as `never`.
type ScreamingSnake<S extends string, Acc extends string = ''> = S extends `${infer C}${infer Rest}`
  ? ScreamingSnake<Rest, `${Acc}${C extends Uppercase<C> ? (C extends Lowercase<C> ? C : Acc extends '' ? C : `_${C}`) : Uppercase<C>}`>
  : Acc;

type CodeOf<E extends ErrorMember> =
  Extract<E['errorCode'], ScreamingSnake<E['__typename']>> extends infer C extends string
    ? [C] extends [never]
      ? `no ErrorCode for ${E['__typename']}`
      : C
    : never;

/** The failure an ErrorResult member becomes: its code and message plus every other selected field. */
export type FailureOf<E> = E extends ErrorMember ? Failure<CodeOf<E>, { [K in Exclude<keyof E, keyof ErrorMember>]: E[K] }> : never;

/** The union members that are not ErrorResults (the success, e.g. `Order` or `CurrentUser`). */
export type SuccessOf<R> = R extends ErrorMember ? never : R;

function isErrorResult(value: object): value is ErrorMember {
  return 'errorCode' in value && 'message' in value;
}

/**
 * Maps a Shop API result union (success member | ErrorResult members) to `{ ok: true, ...success(member) }`
 * or `{ ok: false, code, message, ...the error's other fields }`. A field that answers null (e.g.
 * `transitionOrderToState` without an active order) needs `ifNull`, the failure to report then.
 */
export function toResult<R extends { __typename: string }, S extends object>(
  result: R,
  success: (value: SuccessOf<R>) => S,
): ({ ok: true } & S) | FailureOf<R>;
export function toResult<R extends { __typename: string }, S extends object, const N extends Failure>(
  result: R | null | undefined,
  success: (value: SuccessOf<R>) => S,
  ifNull: N,
): ({ ok: true } & S) | FailureOf<R> | N;
export function toResult<R extends { __typename: string }, S extends object, N extends Failure>(
  result: R | null | undefined,
  success: (value: SuccessOf<R>) => S,
  ifNull?: N,
): ({ ok: true } & S) | FailureOf<R> | N {
  if (result == null) {
    // A service never swallows a surprise: a null the operation did not declare is a broken answer.
    if (ifNull === undefined) throw new TypeError('Shop API result is null');
    return ifNull;
  }
  if (isErrorResult(result)) {
    const { __typename: _typename, errorCode, message, ...extra } = result;
    return { ok: false, code: errorCode, message, ...extra } as FailureOf<R>;
  }
  return { ok: true, ...success(result as SuccessOf<R>) };
}

/**
 * The failure of a call the backend refused with HTTP 429 and a RATE_LIMIT_ERROR GraphQL error (its
 * throttles sit in front of operations whose result types cannot carry a RateLimitError; server/README.md,
 * common plugin), with the wait the error's extensions name.
 */
export type RateLimited = Failure<'RATE_LIMIT_ERROR', { retryAfterSeconds: number | null }>;

/** Awaits a Shop API call and turns an HTTP 429 into a `RATE_LIMIT_ERROR` result; other errors pass. */
export async function orRateLimited<T>(call: Promise<T>): Promise<T | RateLimited> {
  try {
    return await call;
  } catch (error) {
    if (error instanceof ShopApiError && (error.status === 429 || error.code === 'RATE_LIMIT_ERROR')) {
      const after = Number(error.errors[0]?.extensions?.retryAfterSeconds);
      return {
        ok: false,
        code: 'RATE_LIMIT_ERROR',
        message: error.message,
        retryAfterSeconds: Number.isFinite(after) && after > 0 ? after : null,
      };
    }
    throw error;
  }
}
