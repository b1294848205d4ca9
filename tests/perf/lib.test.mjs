import { describe, expect, it } from 'vitest';
import { checkLimit, cookieHeader, evaluate, formatTable, localeOf, median, percentile, routeCookies } from './lib.mjs';
import { figures } from './lighthouse.mjs';
import budgets from './budgets.json' with { type: 'json' };

describe('budget checks of the benchmarks', () => {
  it('checks minimums and maximums, inclusive', () => {
    expect(checkLimit(300, { min: 300 }).ok).toBe(true);
    expect(checkLimit(299, { min: 300 }).ok).toBe(false);
    expect(checkLimit(50, { max: 50 }).ok).toBe(true);
    expect(checkLimit(50.1, { max: 50 }).ok).toBe(false);
    expect(checkLimit(5, { min: 1, max: 4 })).toEqual({ ok: false, rule: '>= 1 and <= 4' });
  });

  it('never passes a value that could not be measured', () => {
    expect(checkLimit(Number.NaN, { max: 130 }).ok).toBe(false);
    expect(checkLimit(undefined, { min: 98 }).ok).toBe(false);
    expect(checkLimit(null, { max: 0 }).ok).toBe(false);
  });

  it('evaluates rows against a budget section and lists the misses', () => {
    const { checked, failed } = evaluate(
      [
        { label: 'product', metric: 'requestsPerSecond', value: 320 },
        { label: 'product', metric: 'p95Ms', value: 61 },
        { label: 'product', metric: 'p50Ms', value: 10 }, // no budget: not checked
      ],
      budgets.load.targets.product,
    );
    expect(checked.map((r) => r.metric)).toEqual(['requestsPerSecond', 'p95Ms']);
    expect(failed).toEqual([expect.objectContaining({ metric: 'p95Ms', value: 61, rule: '<= 50' })]);
  });

  it('holds the budgets of issue 4', () => {
    expect(budgets.bundle.initialJsKiB.max).toBe(130);
    expect(budgets.lighthouse).toMatchObject({ performance: { min: 98 }, lcpMs: { max: 1500 }, cls: { max: 0.01 } });
    expect(budgets.load).toMatchObject({ connections: 20 });
    expect(budgets.load.targets.product).toMatchObject({ requestsPerSecond: { min: 300 }, p95Ms: { max: 50 } });
  });

  it('computes nearest-rank percentiles and medians', () => {
    const sorted = Array.from({ length: 100 }, (_, i) => i + 1);
    expect(percentile(sorted, 95)).toBe(95);
    expect(percentile(sorted, 50)).toBe(50);
    expect(percentile([7], 95)).toBe(7);
    expect(percentile([], 95)).toBeNaN();
    expect(median([3, 1, 2])).toBe(2);
    expect(median([4, 1, 2, 3])).toBe(2.5);
    expect(median([Number.NaN, 5])).toBe(5);
  });

  it('reads the figures out of a Lighthouse report', () => {
    const lhr = {
      categories: { performance: { score: 0.987 } },
      audits: {
        'largest-contentful-paint': { numericValue: 1234.4 },
        'cumulative-layout-shift': { numericValue: 0.00412 },
        'total-blocking-time': { numericValue: 20 },
        'first-contentful-paint': { numericValue: 900 },
      },
    };
    expect(figures(lhr)).toEqual({ performance: 99, lcpMs: 1234, cls: 0.004, tbtMs: 20, fcpMs: 900 });
    expect(figures({}).performance).toBeNaN();
  });

  it('tells the language of a path and prints aligned tables', () => {
    expect(localeOf('/en')).toBe('en');
    expect(localeOf('/en/products')).toBe('en');
    expect(localeOf('/english')).toBe('ar');
    expect(localeOf('/')).toBe('ar');
    expect(
      formatTable(
        [
          { a: 'x', n: 5 },
          { a: 'yy', n: 10 },
        ],
        [
          { key: 'a', title: 'A' },
          { key: 'n', title: 'N' },
        ],
      ),
    ).toBe(['A    N', '--  --', 'x    5', 'yy  10'].join('\n'));
  });
});

describe('signed-in routes of the benchmarks', () => {
  it('a public route carries only the locale cookie', () => {
    expect(routeCookies({ path: '/en/about' }, 'tok')).toEqual([{ name: 'i18n_redirected', value: 'en' }]);
  });

  it('a signed-in route carries the session token too', () => {
    expect(routeCookies({ path: '/profile/orders', signedIn: true }, 'tok 1')).toEqual([
      { name: 'i18n_redirected', value: 'ar' },
      { name: 'vendure_token', value: 'tok 1' },
    ]);
    expect(cookieHeader({ path: '/profile/orders', signedIn: true }, 'tok 1')).toBe('i18n_redirected=ar; vendure_token=tok%201');
  });

  it('refuses to measure a signed-in route without a token (it would measure the redirect)', () => {
    expect(() => routeCookies({ path: '/profile/orders', signedIn: true }, null)).toThrow(/no session token/);
  });
});
