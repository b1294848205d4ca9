import { describe, expect, it } from 'vitest';
import { networkError } from '../../../../machines/checkout/checkout.rules';

describe('networkError', () => {
  it('marks a failure the store caused (the proxy answered 503) as unavailable', () => {
    const down = Object.assign(new Error('The store is briefly unavailable.'), { status: 503, code: 'STORE_UNAVAILABLE' });
    expect(networkError('saveShipping', down)).toEqual({
      op: 'saveShipping',
      code: 'NETWORK',
      message: 'The store is briefly unavailable.',
      unavailable: true,
    });
  });

  it('leaves a failure without any answer as a connection problem', () => {
    expect(networkError('transition', new TypeError('Failed to fetch'))).toEqual({
      op: 'transition',
      code: 'NETWORK',
      message: 'Failed to fetch',
    });
  });
});
