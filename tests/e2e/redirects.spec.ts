// Open redirects (issue 33 §2): a signed-in shopper at /auth is sent on to `?redirect=`; the two
// reported URLs answered `302 Location: //evil.example`. Every answer must stay on the shop's origin.
import type { APIRequestContext } from '@playwright/test';
import { createCustomer, expect, test } from './fixtures';

async function signIn(request: APIRequestContext, email: string, password: string): Promise<string> {
  const login = await request.post('/shop-api?languageCode=en', {
    data: { query: `mutation { login(username: "${email}", password: "${password}") { __typename ... on CurrentUser { id } } }` },
  });
  const token = login.headers()['vendure-auth-token'];
  expect(token, 'login token').toBeTruthy();
  return token!;
}

const HOSTILE = [
  '/en/auth?redirect=/en//evil.example',
  '/en/auth?redirect=/.//evil.example',
  '/auth?redirect=/en//evil.example',
  '/auth?redirect=/.//evil.example',
  '/en/auth/login?redirect=%2Fen%2F%2Fevil.example',
  '/en/auth?redirect=/%2F/evil.example',
  '/en/auth?redirect=/%5Cevil.example',
  '/en/auth?redirect=/en/%09/evil.example',
];

test.describe('redirects stay on the shop', () => {
  test('a signed-in shopper at /auth with a hostile redirect goes to the profile, on this origin', async ({ request, baseURL }) => {
    const { email, password } = await createCustomer(request, 'redirect');
    const token = await signIn(request, email, password);
    const origin = new URL(baseURL!).origin;
    for (const path of HOSTILE) {
      // the page's own language, so a first visit to an Arabic page is not sent to its English twin first
      const language = path.startsWith('/en') ? 'en-US,en;q=0.9' : 'ar-SA,ar;q=0.9';
      const response = await request.get(path, {
        headers: { cookie: `vendure_token=${token}`, 'accept-language': language },
        maxRedirects: 0,
      });
      expect(response.status(), path).toBe(302);
      const location = response.headers()['location'] ?? '';
      expect(new URL(location, `${origin}${path}`).origin, `${path} → ${location}`).toBe(origin);
      expect(location, path).toBe(path.startsWith('/en') ? '/en/profile' : '/profile');
    }
    // a plain return path is still followed, in the page's locale
    const back = await request.get('/en/auth?redirect=/profile/orders', {
      headers: { cookie: `vendure_token=${token}`, 'accept-language': 'en' },
      maxRedirects: 0,
    });
    expect(back.headers()['location']).toBe('/en/profile/orders');
  });

  test('a first visit to //host/… in English is not sent to //host/… (the locale redirect)', async ({ request, baseURL }) => {
    const origin = new URL(baseURL!).origin;
    for (const path of ['//evil.example/x', '//evil.example/']) {
      const response = await request.get(`${origin}${path}`, { headers: { 'accept-language': 'en-US,en;q=0.9' }, maxRedirects: 0 });
      const location = response.headers()['location'];
      if (location !== undefined) expect(new URL(location, `${origin}/`).origin, `${path} → ${location}`).toBe(origin);
      expect(response.status(), path).toBe(404);
    }
  });
});
