// Not in vitest.config.ts's include (nor is lib.test.mjs): run with `cd tests/perf && npx vitest run --root . shoppers.test.mjs`.
import { describe, expect, it } from 'vitest';
import { memoryGrowth } from './shoppers.mjs';
import budgets from './budgets.json' with { type: 'json' };

const samples = (mibs) => mibs.map((mib, i) => ({ t: i * 1000, mib }));

describe('memoryGrowth (bench:shoppers)', () => {
  it('compares the mean of the first 10 s with the mean of the last 10 s', () => {
    // 0-10 s at 100 MiB, 11-19 s ramping, 20-30 s at 120 MiB
    const mibs = [...Array(11).fill(100), 102, 104, 106, 108, 110, 112, 114, 116, 118, ...Array(11).fill(120)];
    const g = memoryGrowth(samples(mibs));
    expect(g.first).toBe(100);
    expect(g.last).toBe(120);
    expect(g.percent).toBeCloseTo(20);
  });

  it('is not measured from fewer than two samples (a missing process misses the budget)', () => {
    expect(memoryGrowth(samples([100]))).toBeNaN();
  });

  it("the shoppers budgets are the issue's", () => {
    const t = budgets.shoppers.targets;
    expect([budgets.shoppers.shoppers, budgets.shoppers.durationSeconds]).toEqual([100, 60]);
    expect([t.errors.max, t.lostOrDuplicate.max, t.lost.max, t.addToCartP95Ms.max, t.checkoutP95Ms.max, t.memoryGrowthPercent.max]).toEqual(
      [0, 0, 0, 100, 1000, 10],
    );
  });
});
