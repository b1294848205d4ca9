// Not in vitest.config.ts's include (nor is lib.test.mjs): run with `cd tests/perf && npx vitest run --root . shoppers.test.mjs`.
import { describe, expect, it } from 'vitest';
import { memoryGrowth, parseProcesses, parseThink } from './shoppers.mjs';
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

  it('starts the first window after the warm-up', () => {
    // 0-9 s: a fresh process growing from 50 to 95 MiB; then steady at 100 MiB for 30 s
    const mibs = [...Array.from({ length: 10 }, (_, i) => 50 + i * 5), ...Array(31).fill(100)];
    expect(memoryGrowth(samples(mibs)).percent).toBeGreaterThan(10); // the warm-up counted: a false alarm
    const g = memoryGrowth(samples(mibs), 10_000, 10_000);
    expect(g.first).toBe(100);
    expect(g.percent).toBe(0);
  });

  it('is not measured when the run is too short for two windows after the warm-up', () => {
    expect(memoryGrowth(samples(Array(15).fill(100)), 10_000, 10_000)).toBeNaN();
  });

  it('is not measured from fewer than two samples (a missing process misses the budget)', () => {
    expect(memoryGrowth(samples([100]))).toBeNaN();
  });

  it('reads THINK_MS as min-max or one number, 0 for none, and refuses anything else', () => {
    expect(parseThink()).toEqual({ min: 1000, max: 3000 });
    expect(parseThink('0')).toEqual({ min: 0, max: 0 });
    expect(parseThink('500')).toEqual({ min: 500, max: 500 });
    expect(parseThink('2000 - 8000')).toEqual({ min: 2000, max: 8000 });
    for (const bad of ['fast', '-1', '3000-1000', '1.5']) expect(() => parseThink(bad)).toThrow(/THINK_MS/);
  });

  it('reads BENCH_PROCESSES as name=pid or name=:port', () => {
    const ports = { 3831: 11, 3832: 12 };
    expect(parseProcesses('server 1=:3831, server 2=:3832,worker=77,gone=:9,postgres=:3832+', (p) => ports[p] ?? null)).toEqual([
      { name: 'server 1', pid: 11, tree: false },
      { name: 'server 2', pid: 12, tree: false },
      { name: 'worker', pid: 77, tree: false },
      { name: 'gone', pid: null, tree: false },
      { name: 'postgres', pid: 12, tree: true },
    ]);
    expect(() => parseProcesses('worker')).toThrow(/BENCH_PROCESSES/);
  });

  it("the shoppers budgets are the issue's", () => {
    const t = budgets.shoppers.targets;
    expect([budgets.shoppers.shoppers, budgets.shoppers.durationSeconds]).toEqual([100, 60]);
    expect([t.errors.max, t.lostOrDuplicate.max, t.lost.max, t.addToCartP95Ms.max, t.checkoutP95Ms.max, t.memoryGrowthPercent.max]).toEqual(
      [0, 0, 0, 100, 1000, 10],
    );
  });
});
