import { describe, expect, it } from 'vitest';
import { isStoreUnavailable, unavailableOf } from '../../../../machines/lib/network-failure';
import { ShopApiError } from '../../../../services/client';

const apiError = (status: number | null, code?: string) =>
  new ShopApiError({
    status,
    errors: code ? [{ message: 'x', extensions: { code } }] : [],
    message: 'x',
    operationName: 'AddItemToOrder',
    operationType: 'mutation',
  });

describe('isStoreUnavailable', () => {
  it.each([
    ["the proxy's 503 STORE_UNAVAILABLE", apiError(503, 'STORE_UNAVAILABLE'), true],
    ['a bare 503', apiError(503), true],
    ['a 502 from a gateway', apiError(502), true],
    ['a 504', apiError(504), true],
    ['no answer at all (status null): the connection', apiError(null), false],
    ["fetch's TypeError (no answer): the connection", new TypeError('Failed to fetch'), false],
    ['a 500 (a bug, not an outage)', apiError(500), false],
    ['a GraphQL error with 200', apiError(200, 'FORBIDDEN'), false],
    ['a string', 'boom', false],
    ['null', null, false],
  ])('%s → %s', (_name, error, expected) => {
    expect(isStoreUnavailable(error)).toBe(expected);
  });

  it('unavailableOf gives a field to spread only when the store is at fault', () => {
    expect(unavailableOf(apiError(503, 'STORE_UNAVAILABLE'))).toEqual({ unavailable: true });
    expect(unavailableOf(new TypeError('Failed to fetch'))).toEqual({});
  });
});
