import { describe, expect, it, vi } from 'vitest';
import { createShopClient } from '../../../services/client';
import { login } from '../../../services/session.service';

function clientAnswering(response: Response | Error) {
  const fetch = vi.fn(async () => {
    if (response instanceof Error) throw response;
    return response;
  });
  return createShopClient({ endpoint: 'http://shop.test/shop-api', languageCode: 'en', fetch: fetch as unknown as typeof globalThis.fetch, name: 'test' });
}

const json = (body: unknown, status = 200, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });

describe('login (services/session.service.ts)', () => {
  it('maps the error results of `login`', async () => {
    const client = clientAnswering(
      json({ data: { login: { __typename: 'InvalidCredentialsError', errorCode: 'INVALID_CREDENTIALS_ERROR', message: 'bad' } } }),
    );
    await expect(login(client, { username: 'a@b.co', password: 'x' })).resolves.toEqual({
      ok: false,
      code: 'INVALID_CREDENTIALS_ERROR',
      message: 'bad',
    });
  });

  it("turns the backend's HTTP 429 into a rate-limit result with the wait", async () => {
    const client = clientAnswering(
      json(
        { errors: [{ message: 'Too many attempts', extensions: { code: 'RATE_LIMIT_ERROR', retryAfterSeconds: 600 } }], data: null },
        429,
        { 'retry-after': '600' },
      ),
    );
    await expect(login(client, { username: 'a@b.co', password: 'x' })).resolves.toEqual({
      ok: false,
      code: 'RATE_LIMIT_ERROR',
      message: 'Too many attempts',
      retryAfterSeconds: 600,
    });
  });

  it('lets a network failure throw (the machine offers a retry)', async () => {
    const client = clientAnswering(new TypeError('fetch failed'));
    await expect(login(client, { username: 'a@b.co', password: 'x' })).rejects.toThrow('fetch failed');
  });
});
