/*
 * Elegance Store service worker.
 *
 * Deliberately conservative so it can never serve a stale app:
 * - HTML pages and React Router data requests always go to the network; the cache is used only
 *   for a bilingual offline page when the network fails.
 * - Hashed build files (/_app/…) never change for a given URL: cache-first.
 * - Product images (/assets/…) are served from the cache while being refreshed, with a size cap.
 * - Everything else (Shop API, payments, sandbox) is not intercepted at all.
 * VERSION is the build's id, written in by `npm run build:web` (src/server/builds.mjs `stamp`,
 * decision 017): every new build's worker drops the old caches on activation, and nobody bumps it.
 */
const VERSION = 'unbuilt';
const SHELL_CACHE = `shell-${VERSION}`;
const BUILD_CACHE = `build-${VERSION}`;
const IMAGE_CACHE = `images-${VERSION}`;
const OFFLINE_URL = '/offline.html';
const IMAGE_CACHE_MAX = 80;

self.addEventListener('install', (event) => {
  event.waitUntil(
    caches
      .open(SHELL_CACHE)
      .then((cache) => cache.addAll([OFFLINE_URL, '/favicon.svg']))
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener('activate', (event) => {
  const keep = new Set([SHELL_CACHE, BUILD_CACHE, IMAGE_CACHE]);
  event.waitUntil(
    caches
      .keys()
      .then((keys) => Promise.all(keys.filter((key) => !keep.has(key)).map((key) => caches.delete(key))))
      .then(() => self.clients.claim()),
  );
});

async function trimCache(name, max) {
  const cache = await caches.open(name);
  const keys = await cache.keys();
  await Promise.all(keys.slice(0, Math.max(0, keys.length - max)).map((key) => cache.delete(key)));
}

async function networkFirstPage(request) {
  try {
    return await fetch(request);
  } catch (error) {
    const offline = await caches.match(OFFLINE_URL);
    if (offline) return offline;
    throw error;
  }
}

async function cacheFirst(request, cacheName) {
  const cached = await caches.match(request);
  if (cached) return cached;
  const response = await fetch(request);
  if (response.ok) {
    const cache = await caches.open(cacheName);
    await cache.put(request, response.clone());
  }
  return response;
}

async function staleWhileRevalidate(request, event) {
  const cache = await caches.open(IMAGE_CACHE);
  const cached = await cache.match(request);
  const refresh = fetch(request).then(async (response) => {
    if (response.ok && response.type === 'basic') {
      await cache.put(request, response.clone());
      await trimCache(IMAGE_CACHE, IMAGE_CACHE_MAX);
    }
    return response;
  });
  if (cached) {
    event.waitUntil(refresh.catch(() => undefined));
    return cached;
  }
  return refresh;
}

self.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;

  if (request.mode === 'navigate') {
    event.respondWith(networkFirstPage(request));
    return;
  }
  // Which build the server serves: always asked of the server, never of a cache.
  if (url.pathname === '/_app/build.json') return;
  if (url.pathname.startsWith('/_app/')) {
    event.respondWith(cacheFirst(request, BUILD_CACHE));
    return;
  }
  if (url.pathname.startsWith('/assets/') && request.destination === 'image') {
    event.respondWith(staleWhileRevalidate(request, event));
  }
  // Anything else: the browser's normal network handling.
});
