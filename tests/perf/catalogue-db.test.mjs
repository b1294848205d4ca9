import path from 'node:path';

import { describe, expect, it } from 'vitest';

import { benchEngine, benchPlan, canReuse, databaseUrl, markSeeded, redactUrl, sizeEnv } from './catalogue-db.mjs';

const root = '/repo';

describe('bench:catalogue engine', () => {
  it('is SQLite unless BENCH_DB asks for PostgreSQL, whatever DATABASE_URL says', () => {
    expect(benchEngine({})).toBe('sqlite');
    expect(benchEngine({ DATABASE_URL: 'postgres://u@h/db' })).toBe('sqlite');
    expect(benchEngine({ BENCH_DB: 'postgres' })).toBe('postgres');
    expect(benchEngine({ BENCH_DB: ' PG ' })).toBe('postgres');
    expect(() => benchEngine({ BENCH_DB: 'mysql' })).toThrow(/BENCH_DB=mysql/);
  });
});

describe('bench:catalogue plan', () => {
  it('keeps the SQLite data directories of issue 17 and starts no server', () => {
    const plan = benchPlan({ env: { DATABASE_URL: 'postgres://u@h:5432/shop' }, products: 10000, repoRoot: root });
    expect(plan.startPostgres).toBeNull();
    expect(plan.sizes.map((s) => s.dataDir)).toEqual([path.join(root, 'data/bench-seeded'), path.join(root, 'data/bench-10000')]);
    expect(plan.sizes.map((s) => s.products)).toEqual([undefined, 10000]);
    expect(plan.sizes.every((s) => s.databaseUrl === undefined)).toBe(true);
  });

  it('starts its own PostgreSQL, kept under data/bench-pg, with one database per size', () => {
    const plan = benchPlan({ env: { BENCH_DB: 'postgres' }, products: 2000, repoRoot: root, pgPort: 5441 });
    expect(plan.startPostgres).toEqual({ port: 5441, dir: path.join(root, 'data/bench-pg/cluster') });
    expect(plan.sizes.map((s) => s.databaseUrl)).toEqual([
      'postgres://postgres@127.0.0.1:5441/bench_seeded',
      'postgres://postgres@127.0.0.1:5441/bench_2000',
    ]);
    expect(new Set(plan.sizes.map((s) => s.dataDir)).size).toBe(2);
    expect(plan.sizes.every((s) => s.dataDir.startsWith(path.join(root, 'data/bench-pg')))).toBe(true);
  });

  it("uses the user's PostgreSQL from DATABASE_URL without starting one", () => {
    const env = { BENCH_DB: 'postgres', DATABASE_URL: 'postgresql://shop:s3cret@db.example:6543/shop?sslmode=disable' };
    const plan = benchPlan({ env, products: 10000, repoRoot: root });
    expect(plan.startPostgres).toBeNull();
    expect(plan.sizes.map((s) => s.databaseUrl)).toEqual([
      'postgresql://shop:s3cret@db.example:6543/bench_seeded?sslmode=disable',
      'postgresql://shop:s3cret@db.example:6543/bench_10000?sslmode=disable',
    ]);
  });

  it('refuses a DATABASE_URL that is not PostgreSQL', () => {
    expect(() => benchPlan({ env: { BENCH_DB: 'postgres', DATABASE_URL: 'mysql://h/db' }, products: 10, repoRoot: root })).toThrow(
      /postgres:\/\//,
    );
  });
});

describe('bench:catalogue environment of a size', () => {
  it('drops a DATABASE_URL of the shell on SQLite and sets the size database on PostgreSQL', () => {
    const shell = { DATABASE_URL: 'postgres://u@h/prod', PATH: '/bin' };
    const [sqliteSeeded] = benchPlan({ env: {}, products: 10000, repoRoot: root }).sizes;
    expect(sizeEnv(shell, sqliteSeeded)).toEqual({ PATH: '/bin', DATA_DIR: path.join(root, 'data/bench-seeded') });

    const [, pgLarge] = benchPlan({ env: { BENCH_DB: 'postgres' }, products: 2000, repoRoot: root, pgPort: 5441 }).sizes;
    const env = sizeEnv(shell, pgLarge);
    expect(env.DATABASE_URL).toBe('postgres://postgres@127.0.0.1:5441/bench_2000');
    expect(env.DATA_DIR).toBe(path.join(root, 'data/bench-pg/2000'));
    expect(shell.DATABASE_URL).toBe('postgres://u@h/prod');
  });
});

describe('bench:catalogue reuse of a seed', () => {
  const sqlite = benchPlan({ env: {}, products: 10000, repoRoot: root }).sizes;
  const pg = benchPlan({ env: { BENCH_DB: 'postgres' }, products: 10000, repoRoot: root, pgPort: 5441 }).sizes;
  const seedMarker = (products) => ({ at: '2026-11-27T00:00:00.000Z', products });

  it('reuses a finished SQLite seed of the right size, as before', () => {
    expect(canReuse(seedMarker(54), sqlite[0])).toBe(true);
    expect(canReuse(seedMarker(10000), sqlite[1])).toBe(true);
    expect(canReuse(seedMarker(2000), sqlite[1])).toBe(false);
    expect(canReuse(null, sqlite[0])).toBe(false);
    expect(canReuse(seedMarker(10000), sqlite[1], { reseed: true })).toBe(false);
  });

  it('on PostgreSQL, reuses only a seed recorded for the same database', () => {
    expect(canReuse(seedMarker(10000), pg[1])).toBe(false); // seeded, but where?
    expect(canReuse(markSeeded(seedMarker(10000), pg[1]), pg[1])).toBe(true);
    expect(canReuse(markSeeded(seedMarker(10000), pg[1]), pg[0])).toBe(false);
    const elsewhere = benchPlan({ env: { BENCH_DB: 'postgres' }, products: 10000, repoRoot: root, pgPort: 6000 }).sizes;
    expect(canReuse(markSeeded(seedMarker(10000), elsewhere[1]), pg[1])).toBe(false);
  });

  it('never writes a password into the marker', () => {
    const [size] = benchPlan({
      env: { BENCH_DB: 'postgres', DATABASE_URL: 'postgres://shop:s3cret@db:5432/shop' },
      products: 10,
      repoRoot: root,
    }).sizes;
    const marker = markSeeded(seedMarker(54), size);
    expect(JSON.stringify(marker)).not.toContain('s3cret');
    expect(marker.database).toBe(redactUrl(size.databaseUrl));
    expect(canReuse(marker, size)).toBe(true);
  });

  it('replaces only the database of a URL', () => {
    expect(databaseUrl('postgres://a:b@h:1/x?ssl=true', 'y')).toBe('postgres://a:b@h:1/y?ssl=true');
  });
});
