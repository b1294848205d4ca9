import { AdminUiPlugin } from '@vendure/admin-ui-plugin';
import { AssetServerPlugin } from '@vendure/asset-server-plugin';
import {
  DefaultJobQueuePlugin,
  DefaultLogger,
  DefaultSchedulerPlugin,
  DefaultSearchPlugin,
  LogLevel,
  RedisCachePlugin,
  VendureConfig,
} from '@vendure/core';
import { EmailPlugin } from '@vendure/email-plugin';
import { BullMQJobQueuePlugin } from '@vendure/job-queue-plugin/package/bullmq';
import path from 'path';

import { customFields } from './config/custom-fields';
import { emailPluginOptions } from './config/email';
import { browserSecurityHeaders, noPoweredByHeader, servedOverHttps } from './config/http-hardening';
import { corsOrigins } from './config/public-urls';
import { patchesFromEnv } from './config/patched-internals';
import { shareStatements, STATEMENT_CACHE_SIZE } from './config/sqlite-statements';
import { memoizeQueryText } from './config/typeorm-query-memo';
import { I18nArPlugin } from './plugins/i18n-ar/i18n-ar.plugin';
import { QueryLimitsPlugin, runtimeLimitsFromEnv } from './plugins/query-limits';
import { storefrontPlugins } from './plugins';

/** Local development default for the superadmin. Refused when NODE_ENV=production. */
export const DEV_SUPERADMIN = { username: 'superadmin', password: 'superadmin' } as const;

export const IMAGE_PRESETS = [
  { name: 'tiny', width: 50, height: 50, mode: 'crop' },
  { name: 'thumb', width: 150, height: 150, mode: 'crop' },
  { name: 'small', width: 300, height: 300, mode: 'resize' },
  { name: 'medium', width: 500, height: 500, mode: 'resize' },
  { name: 'large', width: 800, height: 800, mode: 'resize' },
  { name: 'xlarge', width: 1200, height: 1200, mode: 'resize' },
] as const;

export function resolveDataDir(env: NodeJS.ProcessEnv = process.env): string {
  return path.resolve(env.DATA_DIR || './data');
}

export function isPostgres(env: NodeJS.ProcessEnv = process.env): boolean {
  return /^postgres(ql)?:\/\//.test(env.DATABASE_URL ?? '');
}

function dbConnectionOptions(env: NodeJS.ProcessEnv, dataDir: string): VendureConfig['dbConnectionOptions'] {
  const url = env.DATABASE_URL;
  if (url && isPostgres(env)) {
    // PostgreSQL (scale-out). Schema: run with DB_SYNCHRONIZE=true once on a fresh database
    // (or generate TypeORM migrations into server/src/migrations and they run on boot).
    return {
      type: 'postgres',
      url,
      synchronize: env.DB_SYNCHRONIZE === 'true',
      // Compiled migrations only: the built server (server/dist) loads its .js files; where this config
      // is read from its TypeScript sources (the server tests), TypeORM cannot require a .ts file.
      migrations: [path.join(__dirname, 'migrations', '*.js')],
      logging: false,
      ssl: env.DATABASE_SSL === 'true' ? { rejectUnauthorized: false } : undefined,
    };
  }
  if (url) {
    throw new Error(`Unsupported DATABASE_URL "${url.split(':')[0]}:…" (only postgres:// is supported)`);
  }
  // Embedded default: SQLite file in DATA_DIR. Schema kept in sync with the entities.
  const patches = patchesFromEnv(env);
  return {
    type: 'better-sqlite3',
    database: path.join(dataDir, 'vendure.sqlite'),
    synchronize: env.DB_SYNCHRONIZE !== 'false',
    logging: false,
    // WAL + synchronous=NORMAL: durable on process crash, no fsync per statement (bulk seeding
    // and concurrent reads while the in-process job queue writes).
    enableWAL: true,
    prepareDatabase: (db: any) => {
      db.pragma('synchronous = NORMAL');
      db.pragma('busy_timeout = 5000');
      // prepared once for every query runner (decision 024), ids bound (decision 026); each can be switched off
      if (patches.shareStatements || patches.bindLiterals) {
        shareStatements(db, STATEMENT_CACHE_SIZE, { share: patches.shareStatements, bindLiterals: patches.bindLiterals });
      }
    },
  };
}

function redisConnection(redisUrl: string) {
  const u = new URL(redisUrl);
  return {
    host: u.hostname,
    port: Number(u.port || 6379),
    username: u.username ? decodeURIComponent(u.username) : undefined,
    password: u.password ? decodeURIComponent(u.password) : undefined,
    db: u.pathname && u.pathname.length > 1 ? Number(u.pathname.slice(1)) : undefined,
    tls: u.protocol === 'rediss:' ? {} : undefined,
    maxRetriesPerRequest: null,
  };
}

function superadminCredentials(env: NodeJS.ProcessEnv) {
  const username = env.SUPERADMIN_USERNAME || DEV_SUPERADMIN.username;
  const password = env.SUPERADMIN_PASSWORD || DEV_SUPERADMIN.password;
  if (env.NODE_ENV === 'production' && password === DEV_SUPERADMIN.password) {
    throw new Error('NODE_ENV=production: set SUPERADMIN_PASSWORD (the local development default "superadmin" is refused).');
  }
  return { superadminCredentials: { identifier: username, password } };
}

/**
 * Prefix of every asset URL (`preview`, `source`). Default `/assets/`: root-relative, since the
 * storefront proxies /assets to Vendure and the browser sees one origin. A deployment whose Shop
 * API is also used by other clients (apps, other storefronts) sets an absolute URL, e.g.
 * `https://api.shop.example/assets/` (server/README.md, "Asset URLs"). A trailing slash is added;
 * anything else is refused at boot rather than producing broken image URLs.
 */
export function assetUrlPrefix(env: NodeJS.ProcessEnv): string {
  const raw = (env.ASSET_URL_PREFIX ?? '').trim() || '/assets/';
  if (!/^(https?:\/\/[^/\s?#]+(\/[^\s?#]*)?|\/[^\s?#]*)$/i.test(raw)) {
    throw new Error(`ASSET_URL_PREFIX must be an absolute http(s) URL or a path starting with /, not ${JSON.stringify(raw)}`);
  }
  return raw.endsWith('/') ? raw : `${raw}/`;
}

/**
 * The one Vendure configuration (server, worker, seed and e2e tests all use it).
 * Environment: SERVER_PORT, DATA_DIR, DATABASE_URL, DB_SYNCHRONIZE, REDIS_URL, ASSET_URL_PREFIX,
 * SUPERADMIN_USERNAME/PASSWORD, COOKIE_SECRET, STOREFRONT_URL, ADMIN_UI (false = off), LOG_LEVEL,
 * QUERY_TIMEOUT_MS, MAX_RESPONSE_BYTES, MAX_BODY_BYTES, SQLITE_SHARED_STATEMENTS, SQLITE_BIND_LITERALS,
 * TYPEORM_QUERY_MEMO, NODE_ENV. See server/README.md.
 */
export function buildConfig(env: NodeJS.ProcessEnv = process.env): VendureConfig {
  // TypeORM's SQL texts remembered, on either database (decision 025); process-wide once installed
  if (patchesFromEnv(env).memoizeQueryText) memoizeQueryText();
  const port = Number(env.SERVER_PORT || 3000);
  const dataDir = resolveDataDir(env);
  const isDev = env.NODE_ENV !== 'production';
  const logLevel = (LogLevel as any)[env.LOG_LEVEL ?? ''] ?? (isDev ? LogLevel.Info : LogLevel.Warn);
  if (env.NODE_ENV === 'production' && !env.COOKIE_SECRET) {
    throw new Error('NODE_ENV=production: set COOKIE_SECRET.');
  }

  const plugins: NonNullable<VendureConfig['plugins']> = [
    AssetServerPlugin.init({
      route: 'assets',
      assetUploadDir: path.join(dataDir, 'assets'),
      assetUrlPrefix: assetUrlPrefix(env),
      presets: IMAGE_PRESETS.map((p) => ({ ...p })),
    }),
    env.REDIS_URL
      ? BullMQJobQueuePlugin.init({ connection: redisConnection(env.REDIS_URL) })
      : DefaultJobQueuePlugin.init({ useDatabaseForBuffer: true, pollInterval: 200 }),
    // Several servers: Vendure's cache (sessions among it) in Redis, so that a sign-out or a new
    // active order on one instance is not hidden by another instance's in-memory copy
    ...(env.REDIS_URL ? [RedisCachePlugin.init({ namespace: 'vendure-cache', redisOptions: redisConnection(env.REDIS_URL) })] : []),
    DefaultSchedulerPlugin.init(),
    DefaultSearchPlugin.init({ bufferUpdates: false, indexStockStatus: true }),
    EmailPlugin.init(emailPluginOptions(env, dataDir)),
    I18nArPlugin,
    // what one request may cost, before and while it runs (docs/decisions/027)
    QueryLimitsPlugin.init(runtimeLimitsFromEnv(env)),
    ...storefrontPlugins,
  ];
  if (env.ADMIN_UI !== 'false') {
    plugins.push(AdminUiPlugin.init({ route: 'admin', port }));
  }

  return {
    apiOptions: {
      hostname: env.SERVER_HOST || '127.0.0.1',
      port,
      shopApiPath: 'shop-api',
      adminApiPath: 'admin-api',
      shopApiPlayground: isDev ? { settings: { 'request.credentials': 'include' } as any } : false,
      adminApiPlayground: isDev ? { settings: { 'request.credentials': 'include' } as any } : false,
      // The storefront reverse-proxies /shop-api and /assets (same origin), so CORS is only
      // needed for local tools: allow the storefront origin(s) explicitly.
      cors: {
        origin: corsOrigins(env),
        credentials: true,
      },
      // Blocks cross-site "simple" requests (login CSRF with the session cookie). JSON POSTs
      // pass; multipart uploads (uploadImage) and GET queries must send the header
      // `apollo-require-preflight: true` (services/client.ts does).
      csrfPrevention: true,
      shopApiDebug: false,
      adminApiDebug: false,
      middleware: [noPoweredByHeader, browserSecurityHeaders],
    },
    authOptions: {
      tokenMethod: ['bearer', 'cookie'],
      requireVerification: true,
      ...superadminCredentials(env),
      cookieOptions: {
        name: { shop: 'vendure-shop-session', admin: 'vendure-admin-session' },
        secret: env.COOKIE_SECRET || 'local-dev-cookie-secret',
        sameSite: 'lax',
        httpOnly: true,
        // Secure without the connection being TLS: the storefront (or another proxy) terminates it
        ...(servedOverHttps(env) ? { secureProxy: true } : {}),
      },
    },
    dbConnectionOptions: dbConnectionOptions(env, dataDir),
    paymentOptions: {
      paymentMethodHandlers: [],
    },
    customFields,
    logger: new DefaultLogger({ level: logLevel }),
    plugins,
  };
}
