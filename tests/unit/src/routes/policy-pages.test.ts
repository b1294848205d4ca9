import { describe, expect, it } from 'vitest';
import { policyHref, policyTypeOf } from '../../../../src/routes/policy-pages';

describe('policy pages', () => {
  it('accepts the spec links', () => {
    expect(policyTypeOf('privacy-policy', 'privacy')).toBe('privacy');
    expect(policyTypeOf('terms-conditions', 'usage')).toBe('usage');
    expect(policyTypeOf('warranty-policy', 'warranty')).toBe('warranty');
    expect(policyTypeOf('exchange-and-return-policy', 'exchange')).toBe('exchange');
  });

  it('rejects unknown slugs, wrong or missing types', () => {
    expect(policyTypeOf('privacy-policy', 'usage')).toBeNull();
    expect(policyTypeOf('privacy-policy', null)).toBeNull();
    expect(policyTypeOf('about', 'privacy')).toBeNull();
    expect(policyTypeOf('constructor', 'privacy')).toBeNull();
    expect(policyTypeOf(undefined, 'privacy')).toBeNull();
  });

  it('builds the links of the footer', () => {
    expect(policyHref('exchange')).toBe('/pages/exchange-and-return-policy?type=exchange');
  });
});
