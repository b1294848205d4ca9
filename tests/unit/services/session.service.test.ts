import { describe, expect, it, vi } from 'vitest';
import { createShopClient } from '../../../services/client';
import { authenticateWithIdToken, login, refreshVerify, register } from '../../../services/session.service';

function clientAnswering(response: Response | Error) {
  const fetch = vi.fn(async () => {
    if (response instanceof Error) throw response;
    return response;
  });
  return createShopClient({
    endpoint: 'http://shop.test/shop-api',
    languageCode: 'en',
    fetch: fetch as unknown as typeof globalThis.fetch,
    name: 'test',
  });
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

/** The backend's throttle: HTTP 429 with a RATE_LIMIT_ERROR GraphQL error (and, when it knows it, the wait). */
const tooMany = (retryAfterSeconds?: number) =>
  json(
    {
      errors: [
        { message: 'Too many requests', extensions: { code: 'RATE_LIMIT_ERROR', ...(retryAfterSeconds ? { retryAfterSeconds } : {}) } },
      ],
      data: null,
    },
    429,
  );

describe('register (services/session.service.ts)', () => {
  it('answers ok on Success', async () => {
    const client = clientAnswering(json({ data: { registerCustomerAccount: { __typename: 'Success', success: true } } }));
    await expect(register(client, { emailAddress: 'a@b.co', password: 'abc12345' })).resolves.toEqual({ ok: true });
  });

  it('maps a password the policy refuses', async () => {
    const client = clientAnswering(
      json({
        data: {
          registerCustomerAccount: {
            __typename: 'PasswordValidationError',
            errorCode: 'PASSWORD_VALIDATION_ERROR',
            message: 'Password is invalid',
            validationErrorMessage: 'too weak',
          },
        },
      }),
    );
    await expect(register(client, { emailAddress: 'a@b.co', password: 'x' })).resolves.toEqual({
      ok: false,
      code: 'PASSWORD_VALIDATION_ERROR',
      message: 'Password is invalid',
      validationErrorMessage: 'too weak',
    });
  });

  it('turns HTTP 429 into a rate-limit result', async () => {
    await expect(register(clientAnswering(tooMany(900)), { emailAddress: 'a@b.co', password: 'abc12345' })).resolves.toEqual({
      ok: false,
      code: 'RATE_LIMIT_ERROR',
      message: 'Too many requests',
      retryAfterSeconds: 900,
    });
  });
});

describe('refreshVerify (services/session.service.ts)', () => {
  it('answers ok whatever the server says of the address (it never reveals accounts)', async () => {
    const client = clientAnswering(json({ data: { refreshVerify: { success: true } } }));
    await expect(refreshVerify(client, 'a@b.co')).resolves.toEqual({ ok: true });
  });

  it('turns HTTP 429 (a fourth code in 15 minutes) into a rate-limit result without a known wait', async () => {
    await expect(refreshVerify(clientAnswering(tooMany()), 'a@b.co')).resolves.toEqual({
      ok: false,
      code: 'RATE_LIMIT_ERROR',
      message: 'Too many requests',
      retryAfterSeconds: null,
    });
  });

  it('lets a server error throw', async () => {
    await expect(refreshVerify(clientAnswering(json({ errors: [{ message: 'boom' }], data: null }, 500)), 'a@b.co')).rejects.toThrow();
  });
});

describe('authenticateWithIdToken (services/session.service.ts)', () => {
  it('answers the signed-in user', async () => {
    const client = clientAnswering(json({ data: { authenticate: { __typename: 'CurrentUser', id: '7', identifier: 'g@b.co' } } }));
    await expect(authenticateWithIdToken(client, { token: 'id-token', provider: 'google' })).resolves.toEqual({
      ok: true,
      user: { id: '7', identifier: 'g@b.co' },
    });
  });

  it('turns HTTP 429 into a rate-limit result', async () => {
    await expect(authenticateWithIdToken(clientAnswering(tooMany(60)), { token: 'id-token' })).resolves.toEqual({
      ok: false,
      code: 'RATE_LIMIT_ERROR',
      message: 'Too many requests',
      retryAfterSeconds: 60,
    });
  });
});
