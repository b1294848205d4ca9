// bench:catalogue's databases (issue 17 on SQLite, issue 18 on PostgreSQL): which engine it
// measures, where each catalogue size lives, the environment its seed and Vendure run with, and
// whether a finished seed can be reused. Pure functions, except ensureDatabase (PostgreSQL).
import path from 'node:path';

export const ENGINES = ['sqlite', 'postgres'];

/** BENCH_DB: `sqlite` (default) or `postgres` (also `pg`, `postgresql`); anything else throws. */
export function benchEngine(env) {
  const value = (env.BENCH_DB || 'sqlite').trim().toLowerCase();
  if (value === 'sqlite') return 'sqlite';
  if (['postgres', 'postgresql', 'pg'].includes(value)) return 'postgres';
  throw new Error(`BENCH_DB=${env.BENCH_DB}: expected sqlite or postgres`);
}

/** `url` with its database replaced by `name` (credentials, host, port and query kept). */
export function databaseUrl(url, name) {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

/** The same URL without its password, for logs and markers. */
export function redactUrl(url) {
  const u = new URL(url);
  if (u.password) u.password = '***';
  return u.toString();
}

/**
 * The plan of a run: the engine, whether a PostgreSQL must be started (BENCH_DB=postgres without
 * a postgres:// DATABASE_URL) and where, and the two sizes, each with its DATA_DIR and, on
 * PostgreSQL, its own database (bench_seeded, bench_<products>) on that server.
 */
export function benchPlan({ env, products, repoRoot, pgPort = 5442 }) {
  const engine = benchEngine(env);
  const dataRoot = path.join(repoRoot, 'data');
  if (engine === 'sqlite') {
    return {
      engine,
      startPostgres: null,
      sizes: [
        { label: 'seeded', products: undefined, dataDir: path.join(dataRoot, 'bench-seeded') },
        { label: `${products}`, products, dataDir: path.join(dataRoot, `bench-${products}`) },
      ],
    };
  }
  const given = /^postgres(ql)?:\/\//.test(env.DATABASE_URL ?? '') ? env.DATABASE_URL : null;
  if (env.DATABASE_URL && !given) throw new Error(`BENCH_DB=postgres: DATABASE_URL must be a postgres:// URL`);
  const server = given ?? `postgres://postgres@127.0.0.1:${pgPort}/postgres`;
  return {
    engine,
    startPostgres: given ? null : { port: pgPort, dir: path.join(dataRoot, 'bench-pg', 'cluster') },
    sizes: [
      {
        label: 'seeded',
        products: undefined,
        dataDir: path.join(dataRoot, 'bench-pg', 'seeded'),
        databaseUrl: databaseUrl(server, 'bench_seeded'),
      },
      {
        label: `${products}`,
        products,
        dataDir: path.join(dataRoot, 'bench-pg', `${products}`),
        databaseUrl: databaseUrl(server, `bench_${products}`),
      },
    ],
  };
}

/**
 * The environment of one size's seed and Vendure: DATA_DIR, and DATABASE_URL only on PostgreSQL
 * (on SQLite a DATABASE_URL of the caller's shell is dropped, so the default never touches it).
 */
export function sizeEnv(baseEnv, size) {
  const env = { ...baseEnv, DATA_DIR: size.dataDir };
  delete env.DATABASE_URL;
  if (size.databaseUrl) env.DATABASE_URL = size.databaseUrl;
  return env;
}

/**
 * Whether a finished seed (the `.seeded` marker's JSON, or null) serves this size: the same
 * number of products (any, for the seeded catalogue) and, on PostgreSQL, the same database.
 */
export function canReuse(marker, size, { reseed = false } = {}) {
  if (reseed || !marker) return false;
  if (size.products !== undefined && marker.products !== size.products) return false;
  if (size.databaseUrl && marker.database !== redactUrl(size.databaseUrl)) return false;
  if (!size.databaseUrl && marker.database) return false;
  return true;
}

/** The seed's own marker ({ at, products }) plus, on PostgreSQL, the database it seeded. */
export function markSeeded(marker, size) {
  return size.databaseUrl ? { ...marker, database: redactUrl(size.databaseUrl) } : marker;
}

/**
 * PostgreSQL: creates the size's database when missing. Returns how many products it holds
 * (0 when new or never seeded), so a marker whose database was dropped is not trusted.
 */
export async function ensureDatabase(url) {
  const { default: pg } = await import('pg');
  const name = new URL(url).pathname.slice(1);
  const admin = new pg.Client({ connectionString: databaseUrl(url, 'postgres') });
  await admin.connect();
  try {
    const { rowCount } = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (!rowCount) {
      await admin.query(`CREATE DATABASE "${name.replace(/"/g, '""')}"`);
      return 0;
    }
  } finally {
    await admin.end();
  }
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query(`SELECT to_regclass('public.product') IS NOT NULL AS present`);
    if (!rows[0].present) return 0;
    const count = await client.query('SELECT count(*)::int AS n FROM product WHERE "deletedAt" IS NULL');
    return count.rows[0].n;
  } finally {
    await client.end();
  }
}
