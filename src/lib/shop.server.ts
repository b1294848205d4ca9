import { createShopClient, type ShopClient } from '../../services/client';
import type { Locale } from '../i18n/locales';
import { config } from './config.server';
import { createReadCache } from './read-cache';

/**
 * Anonymous Shop API clients for SSR loaders, one per language. They never send a token, so
 * catalogue reads never create or touch a session (decision 001).
 */
const clients = new Map<Locale, ShopClient>();

export function ssrClient(locale: Locale): ShopClient {
  let client = clients.get(locale);
  if (!client) {
    client = createShopClient({
      endpoint: config.shopApiUrl,
      languageCode: locale,
      name: 'ssr',
      recorder: {
        record(call) {
          console.warn(`[ssr] ${call.operationType} ${call.operationName} failed (${call.status ?? 'network'}): ${call.message}`);
        },
      },
    });
    clients.set(locale, client);
  }
  return client;
}

const cache = createReadCache({ ttlMs: config.ssrCacheTtlMs, maxEntries: config.ssrCacheMaxEntries });

/**
 * A cached anonymous catalogue read: `operation` is the spec operation name and, with
 * `variables` and the language, the cache key. Only for data that is the same for every visitor.
 */
export function cachedRead<T>(locale: Locale, operation: string, variables: unknown, read: (client: ShopClient) => Promise<T>): Promise<T> {
  if (config.ssrCacheTtlMs === 0) return read(ssrClient(locale)); // SSR_CACHE_TTL_MS=0: off
  return cache.read(operation, variables, locale, () => read(ssrClient(locale)));
}

export function clearReadCache(operation?: string): void {
  cache.clear(operation);
}
