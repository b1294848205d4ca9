// Vendure answers expected failures as data (`... on ErrorResult { errorCode message }`). Services
// turn them into tagged results so machines route on `ok`/`code` and views never see __typename.

export type Ok<T extends object = object> = { ok: true } & T;
export type Failure<C extends string = string, X extends object = object> = { ok: false; code: C; message: string } & X;

interface ErrorResultLike {
  __typename: string;
  errorCode: string;
  message: string;
}

export function isErrorResult(value: unknown): value is ErrorResultLike {
  return typeof value === 'object' && value !== null && 'errorCode' in value && 'message' in value;
}

/** The common failure shape of an ErrorResult member (extra fields are added by the caller). */
export function failure<E extends { errorCode: string; message: string }>(e: E): Failure<E['errorCode']> {
  return { ok: false, code: e.errorCode, message: e.message };
}
