// Security headers of the running shop (issue 15, decision 013): a strict nonce-based
// Content-Security-Policy on every page, a fresh nonce per response (also when the HTML cache
// answers) on every inline script, scripts without it blocked in the browser, and no X-Powered-By
// on the storefront, its Shop API proxy or Vendure itself. Every other spec fails on a CSP
// violation through the fixture (fixtures.ts, cspViolations).
import type { APIResponse } from '@playwright/test';
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
        '<script>window.__injected = true</script><img src="/missing.png" alt="" onerror="window.__handler = true"></body>',
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
