/**
 * Rate limits (issue 15, item 3; docs/decisions/014-rate-limits.md): windows kept in the database
 * survive a restart, per-account limits hold across client addresses, X-Forwarded-For is believed
 * only from the trusted proxy hop, known and unknown accounts are answered alike, and the owner of
 * a limited account gets one notice mail.
 *
 * The server runs on its own SQLite file (better-sqlite3, as every server spec: helpers/test-env.ts),
 * so that it can be restarted on the same database. TRUSTED_PROXIES names 127.0.0.2 as "the
 * storefront": requests sent from that local address play the proxy hop, requests from 127.0.0.1 a
 * client that reaches Vendure directly.
 */
import { TransactionalConnection } from '@vendure/core';
import { TestServer } from '@vendure/testing';
import http from 'http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { DEMO_CUSTOMER } from '../../server/src/seed/steps/demo-customer';
import { createStoreTestEnv, StoreTestEnv } from './helpers/test-env';

process.env.TRUSTED_PROXIES = '127.0.0.2';

// TEST_PORT_OFFSET moves it as it moves every spec's port (helpers/test-env.ts)
const PORT = 3311 + Number(process.env.TEST_PORT_OFFSET ?? 0);
const PROXY_HOP = '127.0.0.2';
const DIRECT = '127.0.0.1';

const LOGIN = /* GraphQL */ `
  mutation login($username: String!, $password: String!) {
    login(username: $username, password: $password) {
      __typename
      ... on ErrorResult {
        errorCode
        message
      }
    }
  }
`;
const REGISTER = /* GraphQL */ `
  mutation register($input: RegisterCustomerInput!) {
    registerCustomerAccount(input: $input) {
      __typename
    }
  }
`;
const VERIFY_ACCOUNT = /* GraphQL */ `
  mutation verifyAccount($code: String!, $email: String!) {
    verifyAccount(code: $code, email: $email) {
      __typename
      ... on ErrorResult {
        errorCode
        message
      }
      ... on RateLimitError {
        retryAfterSeconds
      }
    }
  }
`;
const REFRESH_VERIFY = /* GraphQL */ `
  mutation refreshVerify($email: String!) {
    refreshVerify(emailAddress: $email) {
      success
    }
  }
`;
const REQUEST_RESET_CODE = /* GraphQL */ `
  mutation requestPasswordResetCode($email: String!) {
    requestPasswordResetCode(emailAddress: $email) {
      success
    }
  }
`;
const VERIFY_RESET_CODE = /* GraphQL */ `
  mutation verifyForgetpasswordCode($code: String!, $email: String!) {
    verifyForgetpasswordCode(code: $code, email: $email) {
      __typename
      ... on ErrorResult {
        errorCode
        message
      }
    }
  }
`;

interface Answer {
  status: number;
  body: { data?: any; errors?: any[] };
  retryAfter: number | null;
  ms: number;
}

/** One Shop API call from a chosen local address, optionally with an X-Forwarded-For header. */
function call(
  query: string,
  variables: Record<string, unknown>,
  opts: { from?: string; xff?: string; lang?: 'ar' | 'en' } = {},
): Promise<Answer> {
  const body = JSON.stringify({ query, variables });
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port: PORT,
        localAddress: opts.from ?? DIRECT,
        path: `/shop-api?languageCode=${opts.lang ?? 'en'}`,
        method: 'POST',
        agent: false,
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
          ...(opts.xff ? { 'x-forwarded-for': opts.xff } : {}),
        },
      },
      (res) => {
        let text = '';
        res.on('data', (c) => (text += c));
        res.on('end', () => {
          const retryAfter = res.headers['retry-after'];
          resolve({
            status: res.statusCode ?? 0,
            body: JSON.parse(text),
            retryAfter: retryAfter === undefined ? null : Number(retryAfter),
            ms: performance.now() - started,
          });
        });
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

/** Through the storefront's hop, as the visitor at `visitor`. */
const viaProxy = (query: string, variables: Record<string, unknown>, visitor: string, lang: 'ar' | 'en' = 'en') =>
  call(query, variables, { from: PROXY_HOP, xff: visitor, lang });

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

describe('rate limits (database store, per account, trusted proxy hop)', () => {
  let env: StoreTestEnv;
  let server: TestServer;

  beforeAll(async () => {
    env = await createStoreTestEnv({ port: 3311 });
    server = env.server;
  });
  afterAll(async () => {
    // env.server is the restarted server by then (see the restart test)
    await env?.destroy();
  });

  const buckets = async (prefix: string): Promise<string[]> => {
    const rows: Array<{ bucket: string }> = await server.app
      .get(TransactionalConnection)
      .rawConnection.query('SELECT bucket FROM rate_limit_window WHERE bucket LIKE ? ORDER BY bucket', [`${prefix}%`]);
    return rows.map((r) => r.bucket);
  };
  const noticesTo = (to: string) => env.readMails({ to }).filter((m) => m.subject.startsWith('Many attempts on your account'));

  it('ignores X-Forwarded-For from a client that is not the proxy hop, and believes the hop', async () => {
    for (const forged of ['203.0.113.1', '203.0.113.2', '203.0.113.3, 203.0.113.4']) {
      const r = await call(LOGIN, { username: 'forger@example.com', password: 'x' }, { from: DIRECT, xff: forged });
      expect(r.status).toBe(200);
    }
    expect(await buckets('login:ip:')).toEqual(['login:ip:127.0.0.1']);

    // The hop's own entry is the last one; what a visitor put before it is not believed.
    await viaProxy(LOGIN, { username: 'forger@example.com', password: 'x' }, '198.51.100.200');
    await viaProxy(LOGIN, { username: 'forger@example.com', password: 'x' }, '203.0.113.9, 198.51.100.201');
    expect(await buckets('login:ip:')).toEqual(['login:ip:127.0.0.1', 'login:ip:198.51.100.200', 'login:ip:198.51.100.201']);
  });

  it('locks sign-in per account across addresses, counts only failures, and answers an unknown account identically', async () => {
    const known = DEMO_CUSTOMER.emailAddress;
    const unknown = 'nobody-here@example.com';
    const failures: Record<string, Answer[]> = { known: [], unknown: [] };
    // 9 failures, then a success (given back), then the 10th failure: still allowed.
    for (let i = 0; i < 9; i++) {
      failures.known.push(await viaProxy(LOGIN, { username: known, password: `guess-${i}` }, `198.51.100.${i + 1}`));
      failures.unknown.push(await viaProxy(LOGIN, { username: unknown, password: `guess-${i}` }, `198.51.100.${i + 1}`));
    }
    const ok = await viaProxy(LOGIN, { username: known, password: DEMO_CUSTOMER.password }, '198.51.100.50');
    expect(ok.body.data.login.__typename).toBe('CurrentUser');
    failures.known.push(await viaProxy(LOGIN, { username: known, password: 'guess-9' }, '198.51.100.51'));
    failures.unknown.push(await viaProxy(LOGIN, { username: unknown, password: 'guess-9' }, '198.51.100.51'));
    for (const r of [...failures.known, ...failures.unknown]) {
      expect(r.status).toBe(200);
      expect(r.body.data.login).toEqual({
        __typename: 'InvalidCredentialsError',
        errorCode: 'INVALID_CREDENTIALS_ERROR',
        message: 'The provided credentials are invalid',
      });
    }

    // 11th attempt, from yet other addresses: refused, even with the right password.
    const limited: Record<string, Answer[]> = { known: [], unknown: [] };
    for (let i = 0; i < 5; i++) {
      limited.known.push(await viaProxy(LOGIN, { username: known, password: DEMO_CUSTOMER.password }, `192.0.2.${i + 1}`));
      limited.unknown.push(await viaProxy(LOGIN, { username: unknown, password: 'guess-x' }, `192.0.2.${i + 1}`));
    }
    for (const r of [...limited.known, ...limited.unknown]) {
      expect(r.status).toBe(429);
      expect(r.retryAfter).toBeGreaterThan(800);
      expect(r.retryAfter).toBeLessThanOrEqual(900);
      expect(r.body.data).toBeUndefined();
      expect(r.body.errors).toHaveLength(1);
      expect(r.body.errors![0]).toMatchObject({
        message: `Too many attempts. Please try again in ${r.retryAfter} seconds.`,
        extensions: { code: 'RATE_LIMIT_ERROR', retryAfterSeconds: r.retryAfter },
      });
    }
    // Same work on both paths: the account lookup for the notice happens after the answer.
    expect(Math.abs(median(limited.known.map((r) => r.ms)) - median(limited.unknown.map((r) => r.ms)))).toBeLessThan(100);
    // Core checks a dummy hash for unknown accounts: failures cost about the same too.
    const [k, u] = [median(failures.known.map((r) => r.ms)), median(failures.unknown.map((r) => r.ms))];
    expect(Math.max(k, u) / Math.min(k, u)).toBeLessThan(2);

    // Another account is not affected.
    const other = await viaProxy(LOGIN, { username: 'someone-else@example.com', password: 'x' }, '192.0.2.1');
    expect(other.status).toBe(200);

    // One notice mail for the known account (5 refusals), none for the unknown address.
    await env.waitForJobs();
    const notices = noticesTo(known);
    expect(notices).toHaveLength(1);
    expect(notices[0].subject).toBe('Many attempts on your account | محاولات كثيرة على حسابك');
    expect(notices[0].body).toContain('Hello Sara,');
    expect(notices[0].body).toContain('We noticed many attempts to sign in to your account, so we paused them for 15 minutes');
    expect(notices[0].body).toContain('رصدنا محاولات كثيرة لـتسجيل الدخول إلى حسابك');
    expect(env.readMails({ to: unknown })).toHaveLength(0);
  });

  it('limits reset codes per account across addresses, alike for known and unknown addresses, with one notice', async () => {
    const known = DEMO_CUSTOMER.emailAddress;
    const unknown = 'no-reset-here@example.com';
    for (const email of [known, unknown]) {
      for (let i = 0; i < 3; i++) {
        const r = await viaProxy(REQUEST_RESET_CODE, { email }, `198.18.0.${i + 1}`, 'ar');
        expect(r.status).toBe(200);
        expect(r.body).toEqual({ data: { requestPasswordResetCode: { success: true } } });
      }
      const r = await viaProxy(REQUEST_RESET_CODE, { email }, '198.18.0.99', 'ar');
      expect(r.status).toBe(429);
      expect(r.body.errors![0].extensions.code).toBe('RATE_LIMIT_ERROR');
      expect(r.body.errors![0].message).toMatch(/^محاولات كثيرة جدًا/);

      for (let i = 0; i < 10; i++) {
        const v = await viaProxy(VERIFY_RESET_CODE, { code: '000000', email }, `198.18.1.${i + 1}`);
        expect(v.body.data.verifyForgetpasswordCode.__typename).not.toBe('RateLimitError');
      }
      const v = await viaProxy(VERIFY_RESET_CODE, { code: '000000', email }, '198.18.1.99');
      expect(v.body.data.verifyForgetpasswordCode).toMatchObject({ __typename: 'RateLimitError', errorCode: 'RATE_LIMIT_ERROR' });
    }
    await env.waitForJobs();
    // Both reset limits belong to one family: one notice, in the language of the request that hit it.
    const notices = env.readMails({ to: known }).filter((m) => m.subject.startsWith('محاولات كثيرة على حسابك'));
    expect(notices).toHaveLength(1);
    expect(notices[0].subject).toBe('محاولات كثيرة على حسابك | Many attempts on your account');
    expect(notices[0].body).toContain('رصدنا محاولات كثيرة لـإعادة تعيين كلمة مرور حسابك');
    expect(env.readMails({ to: unknown })).toHaveLength(0);
  });

  it('limits account-verification codes per account across addresses, alike for known and unknown addresses, with one notice', async () => {
    // a new, unverified account: its code is in the mail the registration sent
    const known = 'verify-limit@example.com';
    const unknown = 'no-such-account@example.com';
    const reg = await viaProxy(REGISTER, { input: { emailAddress: known, password: 'secret123', firstName: 'Huda' } }, '198.51.100.90');
    expect(reg.body.data.registerCustomerAccount.__typename).toBe('Success');
    await env.waitForJobs();
    const codeMail = env.readMails({ to: known }).find((m) => /data-testid="code"/.test(m.body));
    const code = /data-testid="code"[^>]*>\s*([0-9]{6})\s*</.exec(codeMail?.body ?? '')?.[1];
    expect(code, 'the verification code mailed at registration').toMatch(/^[0-9]{6}$/);
    const wrong = code === '000000' ? '111111' : '000000';

    // 10 wrong codes per account, each from another address: all answered, none limited
    for (const email of [known, unknown]) {
      for (let i = 0; i < 10; i++) {
        const r = await viaProxy(VERIFY_ACCOUNT, { code: wrong, email }, `198.18.2.${i + 1}`);
        expect(r.status).toBe(200);
        expect(r.body.data.verifyAccount.__typename).not.toBe('RateLimitError');
      }
    }
    // the 11th, from yet other addresses: refused, for the known account even with the right code
    const limited = {
      known: await viaProxy(VERIFY_ACCOUNT, { code, email: known }, '192.0.2.201'),
      unknown: await viaProxy(VERIFY_ACCOUNT, { code: wrong, email: unknown }, '192.0.2.202'),
    };
    for (const r of [limited.known, limited.unknown]) {
      expect(r.status).toBe(200);
      expect(r.body.data.verifyAccount).toMatchObject({ __typename: 'RateLimitError', errorCode: 'RATE_LIMIT_ERROR' });
      expect(r.body.data.verifyAccount.retryAfterSeconds).toBeGreaterThan(800);
      expect(r.body.data.verifyAccount.retryAfterSeconds).toBeLessThanOrEqual(900);
    }
    // the same answer for both: nothing tells whether the account exists
    // (the message names the seconds left, which may tick between the two requests)
    const same = (a: { message: string }) => ({ ...a, retryAfterSeconds: 0, message: a.message.replace(/\d+/, 'N') });
    expect(same(limited.known.body.data.verifyAccount)).toEqual(same(limited.unknown.body.data.verifyAccount));
    // the account is still unverified: the right code was never checked
    const signIn = await viaProxy(LOGIN, { username: known, password: 'secret123' }, '192.0.2.203');
    expect(signIn.body.data.login.errorCode).toBe('NOT_VERIFIED_ERROR');
    // another account's budget is its own
    const other = await viaProxy(VERIFY_ACCOUNT, { code: wrong, email: 'someone-else-entirely@example.com' }, '192.0.2.201');
    expect(other.body.data.verifyAccount.__typename).not.toBe('RateLimitError');

    // asking for new codes: 3 per account across addresses, then HTTP 429, alike for both
    for (const email of [known, unknown]) {
      for (let i = 0; i < 3; i++) {
        const r = await viaProxy(REFRESH_VERIFY, { email }, `198.18.3.${i + 1}`);
        expect(r.status).toBe(200);
        expect(r.body).toEqual({ data: { refreshVerify: { success: true } } });
      }
      const r = await viaProxy(REFRESH_VERIFY, { email }, '198.18.3.99');
      expect(r.status).toBe(429);
      expect(r.body.errors![0].extensions.code).toBe('RATE_LIMIT_ERROR');
    }

    // one notice to the owner (the code family), none to an address without an account
    await env.waitForJobs();
    expect(noticesTo(known)).toHaveLength(1);
    expect(env.readMails({ to: unknown })).toHaveLength(0);
  });

  it('keeps the windows (and the notice already sent) across a restart on the same database', async () => {
    const email = 'restart-me@example.com';
    const reg = await viaProxy(REGISTER, { input: { emailAddress: email, password: 'secret123', firstName: 'Reem' } }, '198.51.100.77');
    expect(reg.body.data.registerCustomerAccount.__typename).toBe('Success');
    for (let i = 0; i < 10; i++) {
      const r = await viaProxy(LOGIN, { username: email, password: `wrong-${i}` }, `198.19.0.${i + 1}`);
      expect(r.body.data.login.errorCode).toBe('INVALID_CREDENTIALS_ERROR');
    }
    const before = await viaProxy(LOGIN, { username: email, password: 'wrong-10' }, '198.19.0.11');
    expect(before.status).toBe(429);
    await env.waitForJobs();
    expect(noticesTo(email)).toHaveLength(1);

    await server.destroy();
    server = new TestServer(env.config);
    env.server = server; // env.destroy() stops this one and removes the database
    await server.bootstrap();

    const after = await viaProxy(LOGIN, { username: email, password: 'secret123' }, '198.19.0.12');
    expect(after.status).toBe(429);
    expect(after.retryAfter).toBeGreaterThan(0);
    expect(after.retryAfter).toBeLessThanOrEqual(before.retryAfter!);
    expect(await buckets(`signin:id:${email}`)).toEqual([`signin:id:${email}`]);
    await new Promise((r) => setTimeout(r, 1000));
    expect(noticesTo(email)).toHaveLength(1);
  });
});
