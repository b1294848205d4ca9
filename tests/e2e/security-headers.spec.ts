// Security headers of the running shop (issue 15, decision 013): a strict nonce-based
// Content-Security-Policy on every page, a fresh nonce per response (also when the HTML cache
// answers) on every inline script, scripts without it blocked in the browser, and no X-Powered-By
// on the storefront, its Shop API proxy or Vendure itself. Every other spec fails on a CSP
// violation through the fixture (fixtures.ts, cspViolations).
import type { APIRequestContext, APIResponse } from '@playwright/test';
import { expect, gotoHydrated, serverURL, test } from './fixtures';

const PAGES = ['/', '/en', '/products', '/en/products', '/en/about', '/faqs', '/en/auth', '/en/cart'];

/** The policy's nonce, after checking every executable inline or external script carries it. */
async function nonceOf(response: APIResponse): Promise<string> {
  expect(response.status(), response.url()).toBe(200);
  const policy = response.headers()['content-security-policy'] ?? '';
  const nonce = /script-src 'nonce-([A-Za-z0-9_-]{24})' 'strict-dynamic'/.exec(policy)?.[1] ?? '';
  expect(nonce, `${response.url()}: ${policy}`).not.toBe('');
  for (const directive of ["frame-ancestors 'self'", "base-uri 'none'", "object-src 'none'", "form-action 'self'"]) {
    expect(policy).toContain(directive);
  }
  expect(policy).not.toMatch(/script-src[^;]*'unsafe-(inline|eval)'/);
  const html = await response.text();
  const scripts = [...html.matchAll(/<script\b([^>]*)>/g)].map((m) => m[1]!).filter((a) => !/type="application\/ld\+json"/.test(a));
  expect(scripts.length, response.url()).toBeGreaterThanOrEqual(3);
  for (const attributes of scripts) expect(attributes, response.url()).toContain(`nonce="${nonce}"`);
  return nonce;
}

test.describe('security headers', () => {
  test('every page answers with the policy and a fresh nonce on all its scripts, cached or not', async ({ request }) => {
    const nonces: string[] = [];
    for (const path of PAGES) {
      // twice: the second visit of an anonymous page usually comes from the HTML cache
      for (let i = 0; i < 2; i++) {
        const response = await request.get(path, {
          headers: { 'accept-encoding': i === 0 ? 'gzip, br' : 'gzip', 'accept-language': path.startsWith('/en') ? 'en' : 'ar' },
        });
        nonces.push(await nonceOf(response));
        expect(response.headers()['x-powered-by']).toBeUndefined();
      }
    }
    expect(new Set(nonces).size).toBe(nonces.length);
  });

  test('no X-Powered-By on the Shop API, through the storefront or straight from Vendure', async ({ request }) => {
    const body = { query: '{ activeChannel { code } }' };
    for (const url of ['/shop-api', `${serverURL}/shop-api`]) {
      const response = await request.post(url, { data: body });
      expect(response.status(), url).toBe(200);
      expect(response.headers()['x-powered-by'], url).toBeUndefined();
    }
  });

  test('no X-Powered-By anywhere: Vendure’s own routes, the storefront’s pages, proxy, files and error pages', async ({
    request,
    playwright,
    baseURL,
  }) => {
    // an asset of the catalogue, whatever it is (the seed changes): the first product with a picture
    const products = await request.post('/shop-api?languageCode=en', {
      data: { query: '{ products(options: { take: 20 }) { items { featuredAsset { preview } } } }' },
    });
    const preview = (
      (await products.json()) as { data: { products: { items: { featuredAsset: { preview: string } | null }[] } } }
    ).data.products.items.find((p) => p.featuredAsset)?.featuredAsset?.preview;
    expect(preview, 'a product with a picture').toBeTruthy();
    const assetPath = new URL(preview!, 'http://x').pathname;
    // the e2e backend serves the admin UI unless ADMIN_UI=false (vendure-config.ts)
    const adminUi = process.env.ADMIN_UI !== 'false';
    const appFile = /["'](\/_app\/[^"']+\.(?:js|css))["']/.exec(await (await request.get('/en')).text())?.[1];
    expect(appFile, 'a hashed build file in the page').toBeTruthy();

    const urls: [string, number][] = [
      // Vendure on its own port
      [`${serverURL}/shop-api?query=${encodeURIComponent('{ activeChannel { code } }')}`, 200],
      [`${serverURL}${assetPath}`, 200],
      ...(adminUi ? ([[`${serverURL}/admin/`, 200]] as [string, number][]) : []),
      [`${serverURL}/sandbox/`, 200],
      [`${serverURL}/healthz`, 200],
      [`${serverURL}/readyz`, 200],
      [`${serverURL}/mailbox`, 200],
      [`${serverURL}/no-such-route`, 404],
      // the storefront: pages, its proxy, public and build files, health, a 404 page
      ['/', 200],
      ['/products', 200],
      ['/en', 200],
      ['/en/products', 200],
      [`/shop-api?query=${encodeURIComponent('{ activeChannel { code } }')}`, 200],
      [assetPath, 200],
      ['/sandbox/', 200],
      ['/robots.txt', 200],
      ['/favicon.svg', 200],
      ['/manifest.webmanifest', 200],
      ['/sw.js', 200],
      [appFile!, 200],
      ['/healthz', 200],
      ['/readyz', 200],
      ['/en/no-such-page', 404],
      ['/no-such-page', 404],
    ];
    const leaks: string[] = [];
    for (const [url, status] of urls) {
      // a first visit each time (no locale cookie from the previous answer: / stays Arabic); a GET
      // query on the Shop API needs the preflight header (csrfPrevention, vendure-config.ts)
      const client = await playwright.request.newContext({ baseURL });
      try {
        const response = await client.get(url, {
          maxRedirects: 0,
          headers: { 'accept-language': 'ar-SA,ar;q=0.9', 'apollo-require-preflight': 'true' },
        });
        expect([url, response.status()]).toEqual([url, status]);
        const header = response.headers()['x-powered-by'];
        if (header !== undefined) leaks.push(`${url}: ${header}`);
        // issue 33 §4: a Permissions-Policy on every answer; no HSTS over plain http
        if (!(response.headers()['permissions-policy'] ?? '').includes('camera=()')) leaks.push(`${url}: no Permissions-Policy`);
        if (response.headers()['strict-transport-security'] !== undefined) leaks.push(`${url}: HSTS over http`);
      } finally {
        await client.dispose();
      }
    }
    expect(leaks).toEqual([]);
  });

  test('HSTS on the answers of a request that came over https through the trusted hop', async ({ playwright, baseURL }) => {
    // Playwright's client plays the TLS terminator on this machine (a loopback hop, trusted by default)
    const client = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { 'x-forwarded-proto': 'https' } });
    try {
      for (const url of ['/en', '/', `/shop-api?query=${encodeURIComponent('{ activeChannel { code } }')}`, `${serverURL}/sandbox/`]) {
        const response = await client.get(url, { maxRedirects: 0, headers: { 'apollo-require-preflight': 'true' } });
        expect(response.headers()['strict-transport-security'], url).toBe('max-age=31536000');
      }
    } finally {
      await client.dispose();
    }
  });

  test('every cookie is Secure for a request that came over https through the trusted hop, and none over plain http', async ({
    playwright,
    baseURL,
  }) => {
    // Playwright's client plays the TLS terminator on the same machine (a loopback hop, trusted
    // by default): it says the visitor's request was https. A fresh client each time: no cookies yet.
    const cookiesOf = async (forwardedHttps: boolean) => {
      const client: APIRequestContext = await playwright.request.newContext({
        baseURL,
        extraHTTPHeaders: forwardedHttps ? { 'x-forwarded-proto': 'https' } : {},
      });
      try {
        const setCookies = (response: APIResponse) =>
          response
            .headersArray()
            .filter((h) => h.name.toLowerCase() === 'set-cookie')
            .map((h) => h.value);
        // a first visit: the locale cookie, written by the storefront server
        const page = await client.get('/en/about', { headers: { 'accept-language': 'ar-SA,ar;q=0.9' } });
        expect(page.status()).toBe(200);
        // a sign-in through the storefront's proxy: Vendure's session cookie (and its signature)
        const login = await client.post('/shop-api', {
          data: { query: 'mutation { login(username: "customer@example.com", password: "Customer123!") { __typename } }' },
        });
        expect(((await login.json()) as { data: { login: { __typename: string } } }).data.login.__typename).toBe('CurrentUser');
        return [...setCookies(page), ...setCookies(login)];
      } finally {
        await client.dispose();
      }
    };
    const name = (cookie: string) => cookie.split('=')[0];
    const secure = (cookie: string) => /;\s*secure\b/i.test(cookie);

    const overHttps = await cookiesOf(true);
    expect(overHttps.map(name).sort()).toEqual(
      expect.arrayContaining(['i18n_redirected', 'vendure-shop-session', 'vendure-shop-session.sig']),
    );
    expect(overHttps.filter((c) => !secure(c))).toEqual([]);

    const overHttp = await cookiesOf(false);
    expect(overHttp.map(name).sort()).toEqual(expect.arrayContaining(['i18n_redirected', 'vendure-shop-session']));
    expect(overHttp.filter(secure)).toEqual([]);
  });

  test('the browser runs the page, and blocks a script and an inline handler that reached the HTML without the nonce', async ({
    page,
    cspViolations,
  }) => {
    await gotoHydrated(page, '/en/about');
    expect(cspViolations).toEqual([]);
    // what a stored XSS would look like: markup in the server's HTML, with the real policy header
    await page.route('**/en/faqs', async (route) => {
      const response = await route.fetch();
      const headers = { ...response.headers() };
      delete headers['content-encoding'];
      delete headers['content-length'];
      const body = (await response.text()).replace(
        '</body>',
        // data-foreign: markup outside React, which gotoHydrated does not wait for
        '<script>window.__injected = true</script><img data-foreign src="/missing.png" alt="" onerror="window.__handler = true"></body>',
      );
      await route.fulfill({ status: response.status(), headers, body });
    });
    await gotoHydrated(page, '/en/faqs');
    expect(await page.evaluate(() => Object.keys(window).filter((k) => k === '__injected' || k === '__handler'))).toEqual([]);
    await expect.poll(() => cspViolations.length).toBe(2);
    const reported = cspViolations.splice(0).sort();
    expect(reported[0]).toContain('script-src-attr blocked inline');
    expect(reported[1]).toContain('script-src-elem blocked inline');
  });
});
