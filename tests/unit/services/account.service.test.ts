import { describe, expect, it, vi } from 'vitest';
import {
  confirmEmailChange,
  requestEmailChange,
  requestPasswordReset,
  resetPassword,
  uploadImage,
} from '../../../services/account.service';
import { createShopClient } from '../../../services/client';

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

function clientAnswering(response: Response) {
  const fetch = vi.fn(async (_input: RequestInfo | URL, _init?: RequestInit) => response);
  const client = createShopClient({
    endpoint: 'http://shop.test/shop-api',
    languageCode: 'en',
    fetch: fetch as unknown as typeof globalThis.fetch,
    name: 'test',
  });
  return { client, fetch };
}

describe('requestPasswordReset (services/account.service.ts)', () => {
  it('answers ok (the server never says whether the address has an account)', async () => {
    const { client } = clientAnswering(json({ data: { requestPasswordResetCode: { success: true } } }));
    await expect(requestPasswordReset(client, 'a@b.co')).resolves.toEqual({ ok: true });
  });

  it('turns HTTP 429 into a rate-limit result with the wait', async () => {
    const { client } = clientAnswering(
      json(
        { errors: [{ message: 'Too many requests', extensions: { code: 'RATE_LIMIT_ERROR', retryAfterSeconds: 300 } }], data: null },
        429,
      ),
    );
    await expect(requestPasswordReset(client, 'a@b.co')).resolves.toEqual({
      ok: false,
      code: 'RATE_LIMIT_ERROR',
      message: 'Too many requests',
      retryAfterSeconds: 300,
    });
  });
});

describe('resetPassword (services/account.service.ts)', () => {
  it("sends the ticket as the mutation's `token` and answers the signed-in user", async () => {
    const { client, fetch } = clientAnswering(
      json({ data: { resetPassword: { __typename: 'CurrentUser', id: '3', identifier: 'a@b.co' } } }),
    );
    await expect(resetPassword(client, { resetToken: 'ticket-1', password: 'new12345' })).resolves.toEqual({
      ok: true,
      user: { id: '3', identifier: 'a@b.co' },
    });
    const body = JSON.parse(String(fetch.mock.calls[0]![1]!.body)) as { variables: Record<string, unknown> };
    expect(body.variables).toEqual({ token: 'ticket-1', password: 'new12345' });
  });

  it('maps an expired ticket', async () => {
    const { client } = clientAnswering(
      json({
        data: {
          resetPassword: {
            __typename: 'PasswordResetTokenExpiredError',
            errorCode: 'PASSWORD_RESET_TOKEN_EXPIRED_ERROR',
            message: 'expired',
          },
        },
      }),
    );
    await expect(resetPassword(client, { resetToken: 'old', password: 'new12345' })).resolves.toEqual({
      ok: false,
      code: 'PASSWORD_RESET_TOKEN_EXPIRED_ERROR',
      message: 'expired',
    });
  });
});

describe('requestEmailChange (services/account.service.ts)', () => {
  it('sends password and new address and answers ok on Success', async () => {
    const { client, fetch } = clientAnswering(
      json({ data: { requestUpdateCustomerEmailAddress: { __typename: 'Success', success: true } } }),
    );
    await expect(requestEmailChange(client, { password: 'secret123', newEmailAddress: 'new@b.co' })).resolves.toEqual({ ok: true });
    const body = JSON.parse(String(fetch.mock.calls[0]![1]!.body)) as { operationName?: string; variables: Record<string, unknown> };
    expect(body.variables).toEqual({ password: 'secret123', newEmailAddress: 'new@b.co' });
  });

  it('maps a wrong password and a taken address', async () => {
    const wrong = clientAnswering(
      json({
        data: {
          requestUpdateCustomerEmailAddress: {
            __typename: 'InvalidCredentialsError',
            errorCode: 'INVALID_CREDENTIALS_ERROR',
            message: 'bad',
          },
        },
      }),
    );
    await expect(requestEmailChange(wrong.client, { password: 'x', newEmailAddress: 'n@b.co' })).resolves.toEqual({
      ok: false,
      code: 'INVALID_CREDENTIALS_ERROR',
      message: 'bad',
    });
    const taken = clientAnswering(
      json({
        data: {
          requestUpdateCustomerEmailAddress: {
            __typename: 'EmailAddressConflictError',
            errorCode: 'EMAIL_ADDRESS_CONFLICT_ERROR',
            message: 'taken',
          },
        },
      }),
    );
    await expect(requestEmailChange(taken.client, { password: 'x', newEmailAddress: 'n@b.co' })).resolves.toEqual({
      ok: false,
      code: 'EMAIL_ADDRESS_CONFLICT_ERROR',
      message: 'taken',
    });
  });
});

describe('confirmEmailChange (services/account.service.ts)', () => {
  it('sends the token from the link and answers ok', async () => {
    const { client, fetch } = clientAnswering(json({ data: { updateCustomerEmailAddress: { __typename: 'Success', success: true } } }));
    await expect(confirmEmailChange(client, 'tok-1')).resolves.toEqual({ ok: true });
    const body = JSON.parse(String(fetch.mock.calls[0]![1]!.body)) as { variables: Record<string, unknown> };
    expect(body.variables).toEqual({ token: 'tok-1' });
  });

  it('maps an expired token', async () => {
    const { client } = clientAnswering(
      json({
        data: {
          updateCustomerEmailAddress: {
            __typename: 'IdentifierChangeTokenExpiredError',
            errorCode: 'IDENTIFIER_CHANGE_TOKEN_EXPIRED_ERROR',
            message: 'expired',
          },
        },
      }),
    );
    await expect(confirmEmailChange(client, 'old')).resolves.toEqual({
      ok: false,
      code: 'IDENTIFIER_CHANGE_TOKEN_EXPIRED_ERROR',
      message: 'expired',
    });
  });
});

describe('uploadImage (services/account.service.ts)', () => {
  it('passes the abort signal to the transport', async () => {
    const { client, fetch } = clientAnswering(
      json({ data: { uploadImage: { __typename: 'UploadedImage', id: '9', name: 'a.png', fileSize: 3, source: '/s', preview: '/p' } } }),
    );
    const abort = new AbortController();
    await expect(
      uploadImage(client, new Blob([new Uint8Array([1, 2, 3])], { type: 'image/png' }), { signal: abort.signal }),
    ).resolves.toEqual({
      ok: true,
      image: { id: '9', name: 'a.png', fileSize: 3, source: '/s', preview: '/p' },
    });
    expect(fetch.mock.calls[0]![1]!.signal).toBe(abort.signal);
    expect(fetch.mock.calls[0]![1]!.body).toBeInstanceOf(FormData);
  });
});
