// @vitest-environment node
import { describe, expect, it, vi } from 'vitest';
import {
  privatePageHeaders,
  requireCustomer,
  requireGuest,
  requirePendingVerification,
  requireResetTicket,
  returnPath,
} from '../../../../src/routes/guards.server';

const CUSTOMER = {
  id: '7',
  title: null,
  firstName: 'Sara',
  lastName: 'Ali',
  phoneNumber: '+966500000000',
  emailAddress: 'sara@example.sa',
};

/** A Shop API that answers getCustomerData with `activeCustomer` (or the given body/status). */
function shopApi(answer: { activeCustomer?: unknown; body?: unknown; status?: number } = {}) {
  return vi.fn(async (_input: RequestInfo | URL, _init?: RequestInit) => {
    const body = answer.body ?? { data: { activeCustomer: answer.activeCustomer ?? null } };
    return new Response(JSON.stringify(body), { status: answer.status ?? 200, headers: { 'content-type': 'application/json' } });
  });
}

const down = () =>
  vi.fn(async () => {
    throw new TypeError('fetch failed');
  });

function request(url: string, cookie?: string): Request {
  return new Request(`http://shop.test${url}`, { headers: cookie ? { cookie } : {} });
}

/** What the guard threw (a redirect Response, or React Router's `data()` for an error). */
async function thrown(run: () => unknown): Promise<unknown> {
  try {
    await run();
  } catch (error) {
    return error;
  }
  throw new Error('the guard let the request through');
}

async function redirectOf(run: () => unknown): Promise<{ status: number; location: string | null; cacheControl: string | null }> {
  const error = await thrown(run);
  if (!(error instanceof Response)) throw new Error(`expected a redirect, got ${String(error)}`);
  return { status: error.status, location: error.headers.get('location'), cacheControl: error.headers.get('cache-control') };
}

describe('requireCustomer', () => {
  it('returns the signed-in customer, asking the Shop API once with the token as bearer (POST, the page language)', async () => {
    const fetch = shopApi({ activeCustomer: CUSTOMER });
    await expect(requireCustomer(request('/en/profile', 'i18n_redirected=en; vendure_token=t1'), 'en', { fetch })).resolves.toEqual(
      CUSTOMER,
    );
    expect(fetch).toHaveBeenCalledTimes(1);
    const [url, init] = fetch.mock.calls[0]!;
    expect(new URL(String(url)).pathname).toBe('/shop-api');
    expect(new URL(String(url)).searchParams.get('languageCode')).toBe('en');
    expect(init?.method).toBe('POST');
    expect(new Headers(init?.headers).get('authorization')).toBe('Bearer t1');
    expect(JSON.parse(String(init?.body)).operationName).toBe('getCustomerData');
  });

  it('sends a visitor without a token to /auth of the locale, keeping the page and its query, without asking the backend', async () => {
    const fetch = shopApi({ activeCustomer: CUSTOMER });
    expect(await redirectOf(() => requireCustomer(request('/profile/orders?page=2'), 'ar', { fetch }))).toEqual({
      status: 302,
      location: '/auth?redirect=%2Fprofile%2Forders%3Fpage%3D2',
      cacheControl: 'private, no-store',
    });
    expect(await redirectOf(() => requireCustomer(request('/en/profile/orders?page=2'), 'en', { fetch }))).toEqual({
      status: 302,
      location: '/en/auth?redirect=%2Fprofile%2Forders%3Fpage%3D2',
      cacheControl: 'private, no-store',
    });
    expect(fetch).not.toHaveBeenCalled();
  });

  it('names the page, not the data URL, on a client navigation (.data, _routes)', async () => {
    const fetch = shopApi();
    const to = await redirectOf(() =>
      requireCustomer(request('/en/checkout/ABC123.data?step=shipping&_routes=en.checkout'), 'en', { fetch }),
    );
    expect(to.location).toBe('/en/auth?redirect=%2Fcheckout%2FABC123%3Fstep%3Dshipping');
    const success = await redirectOf(() => requireCustomer(request('/checkout-success.data?order=ABC123'), 'ar', { fetch }));
    expect(success.location).toBe('/auth?redirect=%2Fcheckout-success%3Forder%3DABC123');
  });

  it('treats an expired or unknown token as a guest (no customer, or FORBIDDEN)', async () => {
    const none = shopApi({ activeCustomer: null });
    expect((await redirectOf(() => requireCustomer(request('/profile', 'vendure_token=old'), 'ar', { fetch: none }))).location).toBe(
      '/auth?redirect=%2Fprofile',
    );
    const forbidden = shopApi({
      body: { data: null, errors: [{ message: 'You are not currently authorized', extensions: { code: 'FORBIDDEN' } }] },
    });
    expect(
      (await redirectOf(() => requireCustomer(request('/en/profile', 'vendure_token=old'), 'en', { fetch: forbidden }))).location,
    ).toBe('/en/auth?redirect=%2Fprofile');
  });

  it('drops a return path that is not a plain path of this site', async () => {
    // `//evil.com` as a request path: the router would not match it, but the guard must not echo it
    const to = await redirectOf(() => requireCustomer(request('//evil.com/profile'), 'ar', { fetch: shopApi() }));
    expect(to.location).toBe('/auth');
  });

  it('answers 503 (never signed in, never /auth) when the backend is down, fails, or is too slow', async () => {
    for (const fetch of [
      down(),
      shopApi({ status: 502, body: { errors: [{ message: 'Bad gateway' }] } }),
      vi.fn(
        (_input: RequestInfo | URL, init?: RequestInit) =>
          new Promise<Response>((_, reject) => init?.signal?.addEventListener('abort', () => reject(init.signal?.reason))),
      ),
    ]) {
      const error = (await thrown(() => requireCustomer(request('/en/profile', 'vendure_token=t1'), 'en', { fetch, timeoutMs: 20 }))) as {
        type?: string;
        init?: { status?: number; headers?: Record<string, string> };
      };
      expect(error).not.toBeInstanceOf(Response);
      expect(error.type).toBe('DataWithResponseInit');
      expect(error.init?.status).toBe(503);
      expect(error.init?.headers?.['Cache-Control']).toBe('private, no-store');
    }
  });
});

describe('requireGuest', () => {
  it('lets a visitor without a token through without asking the backend', async () => {
    const fetch = shopApi({ activeCustomer: CUSTOMER });
    await expect(requireGuest(request('/en/auth?redirect=%2Fcheckout%2FABC'), 'en', { fetch })).resolves.toBeUndefined();
    expect(fetch).not.toHaveBeenCalled();
  });

  it('sends a signed-in customer at /auth to /profile of the locale', async () => {
    const fetch = shopApi({ activeCustomer: CUSTOMER });
    expect(await redirectOf(() => requireGuest(request('/auth', 'vendure_token=t1'), 'ar', { fetch }))).toEqual({
      status: 302,
      location: '/profile',
      cacheControl: 'private, no-store',
    });
    expect((await redirectOf(() => requireGuest(request('/en/auth/login.data', 'vendure_token=t1'), 'en', { fetch }))).location).toBe(
      '/en/profile',
    );
  });

  it('sends a signed-in customer on to a safe return path, in the page locale, query kept', async () => {
    const fetch = shopApi({ activeCustomer: CUSTOMER });
    const go = async (url: string, locale: 'ar' | 'en') =>
      (await redirectOf(() => requireGuest(request(url, 'vendure_token=t1'), locale, { fetch }))).location;
    expect(await go('/en/auth?redirect=%2Fcheckout%2FABC123', 'en')).toBe('/en/checkout/ABC123');
    expect(await go('/auth?redirect=%2Fcheckout%2FABC123', 'ar')).toBe('/checkout/ABC123');
    expect(await go('/en/auth?redirect=%2Fen%2Fprofile%2Forders%3Fpage%3D2', 'en')).toBe('/en/profile/orders?page=2');
    expect(await go('/auth?redirect=%2Fen%2Fprofile%2Forders%3Fpage%3D2', 'ar')).toBe('/profile/orders?page=2');
  });

  it('drops hostile return paths and paths back into /auth', async () => {
    const fetch = shopApi({ activeCustomer: CUSTOMER });
    // issue 33 §2: /en//evil.example and /.//evil.example became `Location: //evil.example`
    const reported = ['/en//evil.example', '/.//evil.example', '/en/.//evil.example', '/%2f/evil.example'];
    for (const hostile of [
      '//evil.com',
      'https://evil.com',
      '/\\evil.com',
      'javascript:alert(1)',
      '/auth/login',
      '/en/auth',
      ...reported,
    ]) {
      const url = `/en/auth?redirect=${encodeURIComponent(hostile)}`;
      expect((await redirectOf(() => requireGuest(request(url, 'vendure_token=t1'), 'en', { fetch }))).location, hostile).toBe(
        '/en/profile',
      );
    }
  });

  it('renders the sign-in page when the backend is down (a guest page; never a redirect loop)', async () => {
    await expect(requireGuest(request('/en/auth', 'vendure_token=t1'), 'en', { fetch: down() })).resolves.toBeUndefined();
  });
});

describe('requirePendingVerification', () => {
  it('opens /auth/otp only while a verification is pending, with its e-mail', () => {
    expect(requirePendingVerification(request('/en/auth/otp', 'auth_pending=sara%40example.sa'))).toEqual({ email: 'sara@example.sa' });
  });

  it('sends everyone else to /auth of the locale, keeping a safe return path', async () => {
    expect(await redirectOf(() => requirePendingVerification(request('/auth/otp')))).toEqual({
      status: 302,
      location: '/auth',
      cacheControl: 'private, no-store',
    });
    expect((await redirectOf(() => requirePendingVerification(request('/en/auth/otp.data')))).location).toBe('/en/auth');
    expect((await redirectOf(() => requirePendingVerification(request('/en/auth/otp?redirect=%2Fcheckout%2FABC')))).location).toBe(
      '/en/auth?redirect=%2Fcheckout%2FABC',
    );
    expect((await redirectOf(() => requirePendingVerification(request('/en/auth/otp?redirect=%2F%2Fevil.com')))).location).toBe('/en/auth');
    expect((await redirectOf(() => requirePendingVerification(request('/en/auth/otp', 'auth_pending=not-an-email')))).location).toBe(
      '/en/auth',
    );
  });
});

describe('requireResetTicket', () => {
  it('opens /auth/reset-password only with a reset ticket', () => {
    const ticket = 'MjAyNi0xMS0yNVQwMDowMDowMC4wMDBa_a1b2c3d4e5';
    expect(requireResetTicket(request('/en/auth/reset-password', `reset_ticket=${ticket}`))).toEqual({ ticket });
  });

  it('sends a visitor without one to /auth/forget-password of the locale', async () => {
    expect(await redirectOf(() => requireResetTicket(request('/auth/reset-password')))).toEqual({
      status: 302,
      location: '/auth/forget-password',
      cacheControl: 'private, no-store',
    });
    expect((await redirectOf(() => requireResetTicket(request('/en/auth/reset-password.data')))).location).toBe('/en/auth/forget-password');
    expect((await redirectOf(() => requireResetTicket(request('/en/auth/reset-password', 'reset_ticket=%3Cscript%3E')))).location).toBe(
      '/en/auth/forget-password',
    );
  });
});

describe('returnPath', () => {
  it('keeps plain paths of this site (locale-neutral, query kept) and nothing else', () => {
    expect(returnPath('/checkout/ABC?step=payment')).toBe('/checkout/ABC?step=payment');
    expect(returnPath('/en/profile/orders')).toBe('/profile/orders');
    expect(returnPath('//evil.com')).toBeNull();
    expect(returnPath('https://evil.com')).toBeNull();
    expect(returnPath('/\\evil.com')).toBeNull();
    expect(returnPath('javascript:alert(1)')).toBeNull();
    expect(returnPath('/auth/otp')).toBeNull();
    expect(returnPath(null)).toBeNull();
  });
});

describe('privatePageHeaders', () => {
  it('keeps guarded pages out of every shared cache', () => {
    const headers = privatePageHeaders({
      loaderHeaders: new Headers(),
      parentHeaders: new Headers(),
      actionHeaders: new Headers(),
      errorHeaders: undefined,
    });
    expect(new Headers(headers).get('cache-control')).toBe('private, no-store');
  });
});
