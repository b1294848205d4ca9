import { BcryptPasswordHashingStrategy, NativeAuthenticationMethod, TransactionalConnection, User } from '@vendure/core';
import crypto from 'crypto';
import fs from 'fs';
import path from 'path';
import sharp from 'sharp';
import { Like } from 'typeorm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';

import { VerificationCode } from '../../server/src/plugins/account/entities/verification-code.entity';
import { RateLimitService } from '../../server/src/plugins/common';
import { DEMO_CUSTOMER } from '../../server/src/seed/steps/demo-customer';
import { adminApi, Lang, shop } from './helpers/shop-api';
import { createStoreTestEnv, StoreTestEnv } from './helpers/test-env';

const PORT = 3301;

const REGISTER = /* GraphQL */ `
  mutation register($input: RegisterCustomerInput!) {
    registerCustomerAccount(input: $input) {
      __typename
      ... on ErrorResult {
        errorCode
        message
      }
      ... on PasswordValidationError {
        validationErrorMessage
      }
    }
  }
`;
const VERIFY_ACCOUNT = /* GraphQL */ `
  mutation verifyAccount($code: String!, $email: String!, $password: String) {
    verifyAccount(code: $code, email: $email, password: $password) {
      __typename
      ... on CurrentUser {
        id
        identifier
      }
      ... on ErrorResult {
        errorCode
        message
      }
      ... on VerificationCodeInvalidError {
        attemptsLeft
      }
      ... on RateLimitError {
        retryAfterSeconds
      }
      ... on PasswordValidationError {
        validationErrorMessage
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
  mutation requestPasswordReset($email: String!) {
    requestPasswordResetCode(emailAddress: $email) {
      success
    }
  }
`;
const VERIFY_RESET_CODE = /* GraphQL */ `
  mutation verifyForgetpasswordCode($code: String!, $email: String!) {
    verifyForgetpasswordCode(code: $code, email: $email) {
      __typename
      ... on PasswordResetTicket {
        resetToken
      }
      ... on ErrorResult {
        errorCode
        message
      }
      ... on VerificationCodeInvalidError {
        attemptsLeft
      }
      ... on RateLimitError {
        retryAfterSeconds
      }
    }
  }
`;
const CHANGE_PASSWORD = /* GraphQL */ `
  mutation changeUserPassword($token: String!, $password: String!) {
    changeUserPassword(resetToken: $token, password: $password) {
      __typename
      ... on CurrentUser {
        id
        identifier
      }
      ... on ErrorResult {
        errorCode
        message
      }
      ... on PasswordValidationError {
        validationErrorMessage
      }
      ... on RateLimitError {
        retryAfterSeconds
      }
    }
  }
`;
const LOGIN = /* GraphQL */ `
  mutation login($username: String!, $password: String!) {
    login(username: $username, password: $password) {
      __typename
      ... on CurrentUser {
        id
        identifier
      }
      ... on ErrorResult {
        errorCode
        message
      }
    }
  }
`;
const AUTHENTICATE = /* GraphQL */ `
  mutation authenticate($input: AuthenticationInput!) {
    authenticate(input: $input) {
      __typename
      ... on CurrentUser {
        id
        identifier
      }
      ... on ErrorResult {
        errorCode
        message
      }
      ... on InvalidCredentialsError {
        authenticationError
      }
    }
  }
`;
const ACTIVE_CUSTOMER = /* GraphQL */ `
  query CheckUser {
    activeCustomer {
      id
      emailAddress
      firstName
      lastName
    }
    me {
      id
      identifier
    }
  }
`;

const CODE_RE = /data-testid="code"[^>]*>\s*([0-9]{6})\s*</;

describe('account plugin (shop API)', () => {
  let env: StoreTestEnv;
  let rateLimits: RateLimitService;

  beforeAll(async () => {
    env = await createStoreTestEnv({ port: PORT });
    rateLimits = env.server.app.get(RateLimitService);
  });
  afterAll(async () => {
    await env?.destroy();
  });
  // Every request of this file comes from 127.0.0.1: start each test with fresh windows.
  beforeEach(async () => {
    await rateLimits?.reset();
  });

  const repo = <T>(entity: new () => T) => env.server.app.get(TransactionalConnection).rawConnection.getRepository(entity as any);

  /** Dev-mailbox mails to `to`; files still being written are skipped until complete. */
  function mailsTo(to: string): Array<{ subject: string; body: string; recipient: string }> {
    const dir = path.join(env.dataDir, 'mail');
    if (!fs.existsSync(dir)) return [];
    return fs
      .readdirSync(dir)
      .filter((f) => f.endsWith('.json'))
      .sort()
      .flatMap((f) => {
        try {
          return [JSON.parse(fs.readFileSync(path.join(dir, f), 'utf8'))];
        } catch {
          return [];
        }
      })
      .filter((m) => m.recipient === to);
  }

  /** Waits for the n-th (1-based) mail to `to` whose subject matches. */
  async function waitForMail(to: string, subject: RegExp, nth = 1, timeoutMs = 10_000) {
    const until = Date.now() + timeoutMs;
    for (;;) {
      const mails = mailsTo(to).filter((m) => subject.test(m.subject));
      if (mails.length >= nth) return mails[nth - 1];
      if (Date.now() > until) throw new Error(`no mail #${nth} "${subject}" for ${to}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  /** The number `waitForMail` will give the next mail to `to` whose subject matches. */
  const nextMailNumber = (to: string, subject: RegExp) => mailsTo(to).filter((m) => subject.test(m.subject)).length + 1;
  const codeOf = (mail: { body: string }) => {
    const m = mail.body.match(CODE_RE);
    if (!m) throw new Error('no code in mail');
    return m[1];
  };
  const uniqueEmail = (tag: string) => `${tag}-${crypto.randomBytes(4).toString('hex')}@example.com`;

  async function register(email: string, password = 'secret123', lang: Lang = 'en') {
    const r = await shop(env, REGISTER, { input: { emailAddress: email, password, firstName: 'Test', lastName: 'User' } }, { lang });
    expect(r.data.registerCustomerAccount).toEqual({ __typename: 'Success' });
    return codeOf(await waitForMail(email, /verification code/));
  }

  async function verifiedCustomer(tag: string, password = 'secret123') {
    const email = uniqueEmail(tag);
    const code = await register(email, password);
    const r = await shop(env, VERIFY_ACCOUNT, { code, email });
    expect(r.data.verifyAccount.__typename).toBe('CurrentUser');
    return { email, password, token: r.token! };
  }

  describe('createSession', () => {
    it('creates an anonymous session whose token is returned and sent in the vendure-auth-token header', async () => {
      const r = await shop(env, 'mutation createSession { createSession { token } }');
      expect(r.data.createSession.token).toMatch(/^[0-9a-f]{40,}$/);
      expect(r.token).toBe(r.data.createSession.token);
      // the token is a live session: a cart created with it comes back with it
      const variantId = String(Object.values(env.seed.variantIdBySku)[0]);
      const add = await shop(
        env,
        'mutation addToCart($id: ID!) { addItemToOrder(productVariantId: $id, quantity: 1) { ... on Order { code } } }',
        { id: variantId },
        { token: r.token },
      );
      const active = await shop(env, 'query getOrders { activeOrder { code } }', {}, { token: r.token });
      expect(active.data.activeOrder.code).toBe(add.data.addItemToOrder.code);
      const other = await shop(env, 'query getOrders { activeOrder { code } }');
      expect(other.data.activeOrder).toBeNull();
    });
  });

  describe('password hashing (decision 023)', () => {
    const storedHash = async (email: string) => {
      const user = (await repo(User).findOne({ where: { identifier: email }, relations: ['authenticationMethods'] })) as User;
      const method = user.authenticationMethods.find((m) => m instanceof NativeAuthenticationMethod)!;
      return (
        (await repo(NativeAuthenticationMethod).findOne({
          where: { id: method.id },
          select: ['id', 'passwordHash'],
        })) as NativeAuthenticationMethod
      ).passwordHash;
    };

    it('stores new passwords as Argon2id, never the password itself', async () => {
      const { email } = await verifiedCustomer('argon');
      const hash = await storedHash(email);
      expect(hash.startsWith('$argon2id$v=19$m=19456,t=2,p=1$')).toBe(true);
      expect(hash).not.toContain('secret123');
    });

    it('signs in an account with an older bcrypt hash and replaces that hash with Argon2id', async () => {
      const { email } = await verifiedCustomer('legacy');
      const bcrypt = await new BcryptPasswordHashingStrategy().hash('secret123');
      await repo(NativeAuthenticationMethod).update({ identifier: email }, { passwordHash: bcrypt });
      expect(await storedHash(email)).toBe(bcrypt);
      // a wrong password neither signs in nor touches the hash
      const wrong = await shop(env, LOGIN, { username: email, password: 'secret124' });
      expect(wrong.data.login.errorCode).toBe('INVALID_CREDENTIALS_ERROR');
      expect(await storedHash(email)).toBe(bcrypt);
      const login = await shop(env, LOGIN, { username: email, password: 'secret123' });
      expect(login.data.login.__typename).toBe('CurrentUser');
      const replaced = await storedHash(email);
      expect(replaced.startsWith('$argon2id$')).toBe(true);
      // and the new hash signs in as well
      expect((await shop(env, LOGIN, { username: email, password: 'secret123' })).data.login.__typename).toBe('CurrentUser');
      expect(await storedHash(email)).toBe(replaced);
    });
  });

  describe('password policy', () => {
    it.each([
      ['en', 'The password must have at least 8 characters, including a letter and a digit.'],
      ['ar', 'يجب أن تتكون كلمة المرور من 8 أحرف على الأقل وأن تحتوي على حرف ورقم.'],
    ] as const)('rejects weak passwords with a translated message (%s)', async (lang, message) => {
      for (const weak of ['short1', 'onlyletters', '12345678']) {
        const r = await shop(env, REGISTER, { input: { emailAddress: uniqueEmail('weak'), password: weak } }, { lang });
        expect(r.data.registerCustomerAccount).toMatchObject({
          __typename: 'PasswordValidationError',
          errorCode: 'PASSWORD_VALIDATION_ERROR',
          validationErrorMessage: message,
        });
      }
    });

    it('accepts Arabic letters with Arabic-Indic digits', async () => {
      const r = await shop(env, REGISTER, { input: { emailAddress: uniqueEmail('arpw'), password: 'كلمةسر١٢٣٤' } });
      expect(r.data.registerCustomerAccount.__typename).toBe('Success');
    });
  });

  describe('account verification by code', () => {
    it('mails a 6-digit code in the request language and verifies + logs in with it', async () => {
      const email = uniqueEmail('verify');
      const r = await shop(env, REGISTER, { input: { emailAddress: email, password: 'secret123', firstName: 'سارة' } }, { lang: 'ar' });
      expect(r.data.registerCustomerAccount.__typename).toBe('Success');
      const mail = await waitForMail(email, /رمز تفعيل حسابك/);
      expect(mail.subject.startsWith('رمز تفعيل حسابك')).toBe(true);
      const code = codeOf(mail);

      // not verified yet: core login refuses
      const before = await shop(env, LOGIN, { username: email, password: 'secret123' });
      expect(before.data.login.errorCode).toBe('NOT_VERIFIED_ERROR');

      const ok = await shop(env, VERIFY_ACCOUNT, { code, email: email.toUpperCase(), password: 'secret123' });
      expect(ok.data.verifyAccount).toMatchObject({ __typename: 'CurrentUser', identifier: email });
      expect(ok.token).toBeTruthy();
      const me = await shop(env, ACTIVE_CUSTOMER, {}, { token: ok.token });
      expect(me.data.activeCustomer.emailAddress).toBe(email);

      // single use
      const again = await shop(env, VERIFY_ACCOUNT, { code, email });
      expect(again.data.verifyAccount).toMatchObject({ __typename: 'VerificationCodeInvalidError', attemptsLeft: 0 });
      // and now a normal login works
      const login = await shop(env, LOGIN, { username: email, password: 'secret123' });
      expect(login.data.login.__typename).toBe('CurrentUser');
    });

    it('counts wrong attempts (5) with translated messages, then refuses even the right code', async () => {
      const email = uniqueEmail('attempts');
      const code = await register(email);
      const wrong = code === '000000' ? '111111' : '000000';
      const en = await shop(env, VERIFY_ACCOUNT, { code: wrong, email }, { lang: 'en' });
      expect(en.data.verifyAccount).toEqual({
        __typename: 'VerificationCodeInvalidError',
        errorCode: 'VERIFICATION_CODE_INVALID_ERROR',
        message: 'The code is incorrect. You have 4 attempts left.',
        attemptsLeft: 4,
      });
      const ar = await shop(env, VERIFY_ACCOUNT, { code: wrong, email }, { lang: 'ar' });
      expect(ar.data.verifyAccount).toMatchObject({ attemptsLeft: 3, message: 'الرمز غير صحيح. تبقّت لك 3 محاولات.' });
      await shop(env, VERIFY_ACCOUNT, { code: 'abc', email });
      const one = await shop(env, VERIFY_ACCOUNT, { code: wrong, email }, { lang: 'en' });
      expect(one.data.verifyAccount).toMatchObject({ attemptsLeft: 1, message: 'The code is incorrect. You have 1 attempt left.' });
      const last = await shop(env, VERIFY_ACCOUNT, { code: wrong, email }, { lang: 'ar' });
      expect(last.data.verifyAccount).toMatchObject({ attemptsLeft: 0, message: 'لم يعد هذا الرمز صالحًا. يرجى طلب رمز جديد.' });
      const right = await shop(env, VERIFY_ACCOUNT, { code, email });
      expect(right.data.verifyAccount).toMatchObject({ __typename: 'VerificationCodeInvalidError', attemptsLeft: 0 });
      expect(right.token).toBeNull();

      // a fresh code (refreshVerify) works again and the old one is gone
      await shop(env, REFRESH_VERIFY, { email });
      const fresh = codeOf(await waitForMail(email, /verification code/, 2));
      const ok = await shop(env, VERIFY_ACCOUNT, { code: fresh, email });
      expect(ok.data.verifyAccount.__typename).toBe('CurrentUser');
    });

    it('answers VerificationTokenExpiredError (ar/en) once the 15 minutes are over', async () => {
      const email = uniqueEmail('expired');
      const code = await register(email);
      const record = await repo(VerificationCode).findOneOrFail({ where: { subject: email, purpose: 'verify-account' } });
      const ttl = (+record.expiresAt - +record.createdAt) / 60_000;
      expect(Math.round(ttl)).toBe(15);
      expect(record.codeHash).not.toContain(code);
      await repo(VerificationCode).update({ id: record.id }, { expiresAt: new Date(Date.now() - 1000) });
      const en = await shop(env, VERIFY_ACCOUNT, { code, email }, { lang: 'en' });
      expect(en.data.verifyAccount).toMatchObject({
        __typename: 'VerificationTokenExpiredError',
        errorCode: 'VERIFICATION_TOKEN_EXPIRED_ERROR',
      });
      const ar = await shop(env, VERIFY_ACCOUNT, { code, email }, { lang: 'ar' });
      expect(ar.data.verifyAccount.errorCode).toBe('VERIFICATION_TOKEN_EXPIRED_ERROR');
      expect(ar.data.verifyAccount.message).toMatch(/[\u0600-\u06FF]/);
      expect(ar.data.verifyAccount.message).not.toBe(en.data.verifyAccount.message);
    });

    it('asks for a password when none was set, without burning the code', async () => {
      const email = uniqueEmail('nopw');
      const r = await shop(env, REGISTER, { input: { emailAddress: email } }, { lang: 'en' });
      expect(r.data.registerCustomerAccount.__typename).toBe('Success');
      const code = codeOf(await waitForMail(email, /verification code/));
      const missing = await shop(env, VERIFY_ACCOUNT, { code, email }, { lang: 'ar' });
      expect(missing.data.verifyAccount).toMatchObject({
        __typename: 'PasswordValidationError',
        validationErrorMessage: 'يرجى اختيار كلمة مرور لتفعيل حسابك.',
      });
      const weak = await shop(env, VERIFY_ACCOUNT, { code, email, password: 'weak' }, { lang: 'en' });
      expect(weak.data.verifyAccount.__typename).toBe('PasswordValidationError');
      const ok = await shop(env, VERIFY_ACCOUNT, { code, email, password: 'newpass99' });
      expect(ok.data.verifyAccount.__typename).toBe('CurrentUser');
      const login = await shop(env, LOGIN, { username: email, password: 'newpass99' });
      expect(login.data.login.__typename).toBe('CurrentUser');
    });

    it('refreshVerify always succeeds (no enumeration) and is limited with HTTP 429', async () => {
      const unknown = uniqueEmail('nobody');
      const r = await shop(env, REFRESH_VERIFY, { email: unknown });
      expect(r.data.refreshVerify.success).toBe(true);
      const verified = await verifiedCustomer('already');
      const r2 = await shop(env, REFRESH_VERIFY, { email: verified.email });
      expect(r2.data.refreshVerify.success).toBe(true);
      await env.waitForJobs();
      expect(mailsTo(unknown)).toHaveLength(0);
      expect(mailsTo(verified.email).filter((m) => /verification code/.test(m.subject))).toHaveLength(1);

      // 3 per address per 15 minutes
      for (let i = 0; i < 2; i++) expect((await shop(env, REFRESH_VERIFY, { email: unknown })).status).toBe(200);
      const limited = await shop(env, REFRESH_VERIFY, { email: unknown }, { lang: 'ar' });
      expect(limited.status).toBe(429);
      expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(limited.errors?.[0].extensions.code).toBe('RATE_LIMIT_ERROR');
      expect(limited.errors?.[0].message).toMatch(/^محاولات كثيرة جدًا/);
    });

    it('limits verifyAccount per address with a RateLimitError (ar/en)', async () => {
      const email = uniqueEmail('rl');
      for (let i = 0; i < 10; i++) await shop(env, VERIFY_ACCOUNT, { code: '123456', email });
      const en = await shop(env, VERIFY_ACCOUNT, { code: '123456', email }, { lang: 'en' });
      expect(en.data.verifyAccount).toMatchObject({ __typename: 'RateLimitError', errorCode: 'RATE_LIMIT_ERROR' });
      expect(en.data.verifyAccount.retryAfterSeconds).toBeGreaterThan(800);
      expect(en.data.verifyAccount.message).toBe(
        `Too many attempts. Please try again in ${en.data.verifyAccount.retryAfterSeconds} seconds.`,
      );
      const ar = await shop(env, VERIFY_ACCOUNT, { code: '123456', email }, { lang: 'ar' });
      expect(ar.data.verifyAccount.message).toMatch(/^محاولات كثيرة جدًا\. يرجى المحاولة مرة أخرى بعد \d+ ثانية\.$/);
    });
  });

  // Issue 33 §3: a token stolen before a "forgot password" or a password change must stop working
  // with it. The sessions are used right before the change, so they sit in the session cache too.
  describe('sessions after a password reset or change', () => {
    const UPDATE_PASSWORD = /* GraphQL */ `
      mutation updatePassword($current: String!, $next: String!) {
        updateCustomerPassword(currentPassword: $current, newPassword: $next) {
          __typename
          ... on Success {
            success
          }
          ... on ErrorResult {
            errorCode
          }
        }
      }
    `;
    const whoIs = async (token: string) => (await shop(env, ACTIVE_CUSTOMER, {}, { token })).data.activeCustomer?.emailAddress ?? null;
    async function signIn(email: string, password: string) {
      const r = await shop(env, LOGIN, { username: email, password });
      expect(r.data.login.__typename).toBe('CurrentUser');
      return r.token!;
    }

    it('a reset by e-mailed code ends every earlier session; the new one works', async () => {
      const user = await verifiedCustomer('sessions-reset');
      const phone = await signIn(user.email, user.password);
      expect(await whoIs(user.token)).toBe(user.email);
      expect(await whoIs(phone)).toBe(user.email);

      expect((await shop(env, REQUEST_RESET_CODE, { email: user.email })).data.requestPasswordResetCode.success).toBe(true);
      const code = codeOf(await waitForMail(user.email, /reset/i));
      const ticket = await shop(env, VERIFY_RESET_CODE, { code, email: user.email });
      const resetToken = ticket.data.verifyForgetpasswordCode.resetToken as string;
      const ok = await shop(env, CHANGE_PASSWORD, { token: resetToken, password: 'renewed123' });
      expect(ok.data.changeUserPassword.__typename).toBe('CurrentUser');

      expect(await whoIs(user.token)).toBeNull();
      expect(await whoIs(phone)).toBeNull();
      expect(await whoIs(ok.token!)).toBe(user.email);
    });

    it('a password change ends every other session; the one that changed it stays signed in', async () => {
      const user = await verifiedCustomer('sessions-change');
      const laptop = await signIn(user.email, user.password);
      const stolen = await signIn(user.email, user.password);
      expect(await whoIs(stolen)).toBe(user.email);
      expect(await whoIs(laptop)).toBe(user.email);

      const changed = await shop(env, UPDATE_PASSWORD, { current: user.password, next: 'changed123' }, { token: laptop });
      expect(changed.data.updateCustomerPassword).toEqual({ __typename: 'Success', success: true });

      expect(await whoIs(stolen)).toBeNull();
      expect(await whoIs(user.token)).toBeNull();
      expect(await whoIs(laptop)).toBe(user.email);
      expect(await whoIs(await signIn(user.email, 'changed123'))).toBe(user.email);
    });

    it('a refused change (wrong current password) ends nothing', async () => {
      const user = await verifiedCustomer('sessions-refused');
      const other = await signIn(user.email, user.password);
      const refused = await shop(env, UPDATE_PASSWORD, { current: 'wrong-one1', next: 'changed123' }, { token: user.token });
      expect(refused.data.updateCustomerPassword.errorCode).toBe('INVALID_CREDENTIALS_ERROR');
      expect(await whoIs(other)).toBe(user.email);
      expect(await whoIs(user.token)).toBe(user.email);
    });
  });

  describe('forgotten password by code', () => {
    it('request → code mail → ticket → new password → logged in', async () => {
      const user = await verifiedCustomer('reset');
      const r = await shop(env, REQUEST_RESET_CODE, { email: user.email }, { lang: 'ar' });
      expect(r.data.requestPasswordResetCode.success).toBe(true);
      const mail = await waitForMail(user.email, /رمز إعادة تعيين كلمة المرور/);
      const code = codeOf(mail);

      const wrong = await shop(env, VERIFY_RESET_CODE, { code: code === '999999' ? '000000' : '999999', email: user.email });
      expect(wrong.data.verifyForgetpasswordCode).toMatchObject({ __typename: 'VerificationCodeInvalidError', attemptsLeft: 4 });

      const ticket = await shop(env, VERIFY_RESET_CODE, { code, email: user.email });
      expect(ticket.data.verifyForgetpasswordCode.__typename).toBe('PasswordResetTicket');
      const resetToken = ticket.data.verifyForgetpasswordCode.resetToken as string;
      expect(resetToken.length).toBeGreaterThan(10);
      // the code is single use
      const reuse = await shop(env, VERIFY_RESET_CODE, { code, email: user.email });
      expect(reuse.data.verifyForgetpasswordCode.__typename).toBe('VerificationCodeInvalidError');

      const weak = await shop(env, CHANGE_PASSWORD, { token: resetToken, password: 'abc' }, { lang: 'en' });
      expect(weak.data.changeUserPassword).toMatchObject({
        __typename: 'PasswordValidationError',
        validationErrorMessage: 'The password must have at least 8 characters, including a letter and a digit.',
      });
      const bad = await shop(env, CHANGE_PASSWORD, { token: 'not-a-token', password: 'another123' }, { lang: 'ar' });
      expect(bad.data.changeUserPassword.errorCode).toBe('PASSWORD_RESET_TOKEN_INVALID_ERROR');
      expect(bad.data.changeUserPassword.message).toMatch(/[\u0600-\u06FF]/);

      const ok = await shop(env, CHANGE_PASSWORD, { token: resetToken, password: 'another123' });
      expect(ok.data.changeUserPassword).toMatchObject({ __typename: 'CurrentUser', identifier: user.email });
      const me = await shop(env, ACTIVE_CUSTOMER, {}, { token: ok.token });
      expect(me.data.activeCustomer.emailAddress).toBe(user.email);
      expect((await shop(env, LOGIN, { username: user.email, password: 'secret123' })).data.login.errorCode).toBe(
        'INVALID_CREDENTIALS_ERROR',
      );
      expect((await shop(env, LOGIN, { username: user.email, password: 'another123' })).data.login.__typename).toBe('CurrentUser');
      // the ticket was consumed by core
      const replay = await shop(env, CHANGE_PASSWORD, { token: resetToken, password: 'third1234' });
      expect(replay.data.changeUserPassword.errorCode).toBe('PASSWORD_RESET_TOKEN_INVALID_ERROR');
    });

    it('says nothing about unknown addresses and sends them nothing', async () => {
      const email = uniqueEmail('unknown');
      const r = await shop(env, REQUEST_RESET_CODE, { email });
      expect(r.data.requestPasswordResetCode.success).toBe(true);
      await env.waitForJobs();
      expect(mailsTo(email)).toHaveLength(0);
      const check = await shop(env, VERIFY_RESET_CODE, { code: '123456', email });
      expect(check.data.verifyForgetpasswordCode.__typename).toBe('VerificationCodeInvalidError');
    });

    it('expired code → VerificationTokenExpiredError; expired core token → PasswordResetTokenExpiredError', async () => {
      const user = await verifiedCustomer('reset-exp');
      await shop(env, REQUEST_RESET_CODE, { email: user.email });
      const code = codeOf(await waitForMail(user.email, /password reset code/));
      await repo(VerificationCode).update({ subject: user.email, purpose: 'password-reset' }, { expiresAt: new Date(Date.now() - 1) });
      for (const lang of ['en', 'ar'] as const) {
        const r = await shop(env, VERIFY_RESET_CODE, { code, email: user.email }, { lang });
        expect(r.data.verifyForgetpasswordCode).toMatchObject({
          __typename: 'VerificationTokenExpiredError',
          errorCode: 'VERIFICATION_TOKEN_EXPIRED_ERROR',
        });
      }
      // core's own token lifetime (7 days by default): a token issued 8 days ago is expired
      const user2 = await verifiedCustomer('reset-core-exp');
      await shop(env, REQUEST_RESET_CODE, { email: user2.email });
      const code2 = codeOf(await waitForMail(user2.email, /password reset code/));
      const ticket = await shop(env, VERIFY_RESET_CODE, { code: code2, email: user2.email });
      const token = ticket.data.verifyForgetpasswordCode.resetToken as string;
      const oldToken = `${Buffer.from(new Date(Date.now() - 8 * 24 * 3600_000).toISOString()).toString('base64')}_${token.split('_')[1]}`;
      const conn = env.server.app.get(TransactionalConnection).rawConnection;
      // through the repository, not SQL: the suite also runs on PostgreSQL (npm run test:pg)
      await conn.getRepository(NativeAuthenticationMethod).update({ passwordResetToken: token }, { passwordResetToken: oldToken });
      const expired = await shop(env, CHANGE_PASSWORD, { token: oldToken, password: 'another123' }, { lang: 'en' });
      expect(expired.data.changeUserPassword).toMatchObject({
        __typename: 'PasswordResetTokenExpiredError',
        errorCode: 'PASSWORD_RESET_TOKEN_EXPIRED_ERROR',
        message: 'Password reset token has expired',
      });
    });

    it('rate-limits requestPasswordResetCode (HTTP 429), verifyForgetpasswordCode and changeUserPassword (RateLimitError)', async () => {
      const email = uniqueEmail('rl-reset');
      for (let i = 0; i < 3; i++) expect((await shop(env, REQUEST_RESET_CODE, { email })).status).toBe(200);
      expect((await shop(env, REQUEST_RESET_CODE, { email })).status).toBe(429);
      // core requestPasswordReset is guarded too
      for (let i = 0; i < 5; i++) {
        await shop(env, 'mutation requestPasswordReset($e: String!) { requestPasswordReset(emailAddress: $e) { __typename } }', {
          e: email,
        });
      }
      const core = await shop(env, 'mutation requestPasswordReset($e: String!) { requestPasswordReset(emailAddress: $e) { __typename } }', {
        e: email,
      });
      expect(core.status).toBe(429);

      for (let i = 0; i < 10; i++) await shop(env, VERIFY_RESET_CODE, { code: '123456', email });
      const v = await shop(env, VERIFY_RESET_CODE, { code: '123456', email }, { lang: 'ar' });
      expect(v.data.verifyForgetpasswordCode).toMatchObject({ __typename: 'RateLimitError', errorCode: 'RATE_LIMIT_ERROR' });

      for (let i = 0; i < 20; i++) await shop(env, CHANGE_PASSWORD, { token: 'x', password: 'another123' });
      const c = await shop(env, CHANGE_PASSWORD, { token: 'x', password: 'another123' });
      expect(c.data.changeUserPassword.__typename).toBe('RateLimitError');
    });
  });

  describe('core login rate limit', () => {
    it('answers HTTP 429 with Retry-After and a translated error after 10 failures per identifier', async () => {
      for (let i = 0; i < 10; i++) {
        const r = await shop(env, LOGIN, { username: 'victim@example.com', password: `guess${i}` });
        expect(r.status).toBe(200);
        expect(r.data.login.errorCode).toBe('INVALID_CREDENTIALS_ERROR');
      }
      // aliases / a renamed operation do not help: the document is inspected
      const r = await shop(
        env,
        'mutation Innocent { a: login(username: "VICTIM@example.com", password: "x") { __typename } }',
        {},
        { lang: 'en' },
      );
      expect(r.status).toBe(429);
      expect(Number(r.headers.get('retry-after'))).toBeGreaterThan(800);
      expect(r.errors?.[0]).toMatchObject({
        extensions: { code: 'RATE_LIMIT_ERROR' },
        message: expect.stringMatching(/^Too many attempts\. Please try again in \d+ seconds\.$/),
      });
      // another identifier is not blocked
      const other = await shop(env, LOGIN, { username: DEMO_CUSTOMER.emailAddress, password: DEMO_CUSTOMER.password });
      expect(other.data.login.__typename).toBe('CurrentUser');
    });
  });

  describe('social login (idtoken strategy + local test IdP)', () => {
    async function idToken(body: Record<string, unknown>) {
      const res = await fetch(`${env.baseUrl}/test-idp/token`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      expect(res.status).toBe(200);
      return ((await res.json()) as { id_token: string }).id_token;
    }

    it('publishes a JWKS', async () => {
      const res = await fetch(`${env.baseUrl}/test-idp/.well-known/jwks.json`);
      const jwks = (await res.json()) as { keys: Array<Record<string, string>> };
      expect(jwks.keys[0]).toMatchObject({ kty: 'RSA', alg: 'RS256', use: 'sig' });
      expect(jwks.keys[0].d).toBeUndefined();
    });

    it('logs in with a valid ID token, creating the customer from the token, and finds it again', async () => {
      const email = uniqueEmail('social');
      const token = await idToken({ email, givenName: 'Noura', familyName: 'Saad' });
      const r = await shop(env, AUTHENTICATE, { input: { idtoken: { token, provider: 'test' } } });
      expect(r.data.authenticate).toMatchObject({ __typename: 'CurrentUser', identifier: email });
      const me = await shop(env, ACTIVE_CUSTOMER, {}, { token: r.token });
      expect(me.data.activeCustomer).toMatchObject({ emailAddress: email, firstName: 'Noura', lastName: 'Saad' });
      // the provider is optional: chosen by the token's issuer
      const again = await shop(env, AUTHENTICATE, { input: { idtoken: { token: await idToken({ email }) } } });
      expect(again.data.authenticate.id).toBe(r.data.authenticate.id);
    });

    it('links to an existing account only through a provider-verified e-mail', async () => {
      const user = await verifiedCustomer('link');
      const r = await shop(env, AUTHENTICATE, { input: { idtoken: { token: await idToken({ email: user.email }) } } });
      const native = await shop(env, LOGIN, { username: user.email, password: user.password });
      expect(r.data.authenticate.id).toBe(native.data.login.id);

      const unverified = await idToken({ email: uniqueEmail('unverified'), emailVerified: false });
      const u = await shop(env, AUTHENTICATE, { input: { idtoken: { token: unverified } } }, { lang: 'en' });
      expect(u.data.authenticate).toMatchObject({
        __typename: 'InvalidCredentialsError',
        authenticationError: 'Your e-mail address is not verified with this provider.',
      });
    });

    it('rejects forged, unsigned and foreign-key tokens (translated message)', async () => {
      const victim = await verifiedCustomer('victim');
      const real = await idToken({ email: uniqueEmail('attacker') });
      const [h, p, s] = real.split('.');
      const claims = JSON.parse(Buffer.from(p, 'base64url').toString());
      const swapped = Buffer.from(JSON.stringify({ ...claims, email: victim.email, sub: 'x' })).toString('base64url');
      const forged = `${h}.${swapped}.${s}`;
      const unsigned = `${Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url')}.${swapped}.`;
      const { privateKey } = crypto.generateKeyPairSync('rsa', { modulusLength: 2048 });
      const foreignHeader = Buffer.from(
        JSON.stringify({ alg: 'RS256', kid: JSON.parse(Buffer.from(h, 'base64url').toString()).kid }),
      ).toString('base64url');
      const foreignSig = crypto.sign('sha256', Buffer.from(`${foreignHeader}.${swapped}`), privateKey).toString('base64url');
      const foreign = `${foreignHeader}.${swapped}.${foreignSig}`;

      for (const token of [forged, unsigned, foreign, 'garbage', '']) {
        const r = await shop(env, AUTHENTICATE, { input: { idtoken: { token, provider: 'test' } } }, { lang: 'ar' });
        expect(r.data.authenticate).toMatchObject({
          __typename: 'InvalidCredentialsError',
          authenticationError: 'تعذّر تسجيل الدخول عبر هذا المزوّد. يرجى المحاولة مرة أخرى.',
        });
        expect(r.token).toBeNull();
      }
      const unknownProvider = await shop(env, AUTHENTICATE, { input: { idtoken: { token: real, provider: 'google' } } }, { lang: 'en' });
      expect(unknownProvider.data.authenticate.authenticationError).toBe('This sign-in provider is not available.');
    });

    it('has no way to assert an e-mail without a token', async () => {
      const r = await shop(env, AUTHENTICATE, {
        input: { idtoken: { email: 'victim@example.com', emailVerified: true, provider: 'test' } },
      });
      expect(r.data?.authenticate ?? null).toBeNull();
      expect(r.errors?.[0].message).toMatch(/"email" is not defined|"token" of required type/);
      expect(r.token).toBeNull();
    });
  });

  describe('addresses', () => {
    const CREATE_ADDRESS = /* GraphQL */ `
      mutation createCustomerAddress($input: CreateAddressInput!) {
        createCustomerAddress(input: $input) {
          id
          defaultShippingAddress
          customFields {
            verifiedShippingAddress
            cityCode
          }
        }
      }
    `;
    const SET_DEFAULT = /* GraphQL */ `
      mutation setDefaultAddress($id: ID!) {
        setDefaultAddress(id: $id) {
          id
          defaultShippingAddress
          defaultBillingAddress
        }
      }
    `;
    const ASSIGN = /* GraphQL */ `
      mutation assignVerificationToTheShippingAddress($id: ID!) {
        assignVerificationToTheShippingAddress(addressId: $id) {
          success
        }
      }
    `;
    const VERIFY_ADDRESS = /* GraphQL */ `
      mutation verifyTheShippingAddress($id: ID!, $code: String!) {
        verifyTheShippingAddress(addressId: $id, code: $code) {
          __typename
          ... on Address {
            id
            customFields {
              verifiedShippingAddress
            }
          }
          ... on ErrorResult {
            errorCode
            message
          }
          ... on VerificationCodeInvalidError {
            attemptsLeft
          }
        }
      }
    `;
    const addressInput = (street: string) => ({
      fullName: 'Sara Ali',
      streetLine1: street,
      city: 'Riyadh',
      countryCode: 'SA',
      phoneNumber: '+966500000000',
      customFields: {
        cityCode: 'RUH',
        instructions: 'Ring twice',
        type: 'home',
        receiverPhoneNumber: '+966511111111',
        firstName: 'Sara',
        lastName: 'Ali',
      },
    });

    let owner: { email: string; token: string };
    let stranger: { email: string; token: string };
    let a1: string;
    let a2: string;

    beforeAll(async () => {
      owner = await verifiedCustomer('addr-owner');
      stranger = await verifiedCustomer('addr-stranger');
      a1 = (await shop(env, CREATE_ADDRESS, { input: addressInput('King Fahd Rd 1') }, { token: owner.token })).data.createCustomerAddress
        .id;
      a2 = (await shop(env, CREATE_ADDRESS, { input: addressInput('Olaya St 2') }, { token: owner.token })).data.createCustomerAddress.id;
    });

    // Issue 32 §3: the phone an address carries reaches the order, the invoice and the e-mails;
    // the Shop API refuses one the storefront's phone input would refuse ("123"), whoever sends it.
    it('refuses an invalid phone on a saved address and on the order’s shipping address, in the request’s language', async () => {
      const created = await shop(
        env,
        CREATE_ADDRESS,
        { input: { ...addressInput('Phone St 1'), phoneNumber: '123' } },
        { token: owner.token },
      );
      expect(created.status).toBe(400);
      expect(created.errors?.[0].extensions).toMatchObject({
        code: 'BAD_USER_INPUT',
        field: 'input.phoneNumber',
        reason: 'input-phone-invalid',
      });
      expect(created.errors?.[0].message).toBe('"input.phoneNumber" is not a valid phone number.');

      const receiver = await shop(
        env,
        CREATE_ADDRESS,
        { input: { ...addressInput('Phone St 2'), customFields: { ...addressInput('').customFields, receiverPhoneNumber: '0500' } } },
        { token: owner.token, lang: 'ar' },
      );
      expect(receiver.errors?.[0].extensions).toMatchObject({ code: 'BAD_USER_INPUT', field: 'input.customFields.receiverPhoneNumber' });
      expect(receiver.errors?.[0].message).toBe('«input.customFields.receiverPhoneNumber» ليس رقم هاتف صالحًا.');

      const updated = await shop(
        env,
        'mutation updateCustomerAddress($input: UpdateAddressInput!) { updateCustomerAddress(input: $input) { id phoneNumber } }',
        { input: { id: a1, phoneNumber: '+966123' } },
        { token: owner.token },
      );
      expect(updated.errors?.[0].extensions).toMatchObject({ code: 'BAD_USER_INPUT', reason: 'input-phone-invalid' });

      const onOrder = await shop(
        env,
        'mutation SetShippingAddress($input: CreateAddressInput!) { setOrderShippingAddress(input: $input) { __typename } }',
        { input: { streetLine1: 'Tahlia', city: 'Jeddah', countryCode: 'SA', phoneNumber: '123' } },
        { token: owner.token },
      );
      expect(onOrder.errors?.[0].extensions).toMatchObject({ code: 'BAD_USER_INPUT', reason: 'input-phone-invalid' });

      // Valid numbers pass: a Saudi mobile and a number of another country.
      for (const phoneNumber of ['+966551234567', '+971501234567']) {
        const ok = await shop(env, CREATE_ADDRESS, { input: { ...addressInput('Phone St 3'), phoneNumber } }, { token: owner.token });
        expect(ok.errors).toBeUndefined();
        await shop(
          env,
          'mutation ($id: ID!) { deleteCustomerAddress(id: $id) { success } }',
          { id: ok.data.createCustomerAddress.id },
          { token: owner.token },
        );
      }
    });

    it('setDefaultAddress makes exactly one default, only on own addresses', async () => {
      const r = await shop(env, SET_DEFAULT, { id: a2 }, { token: owner.token });
      expect(r.data.setDefaultAddress).toEqual({ id: a2, defaultShippingAddress: true, defaultBillingAddress: true });
      await shop(env, SET_DEFAULT, { id: a1 }, { token: owner.token });
      const list = await shop(
        env,
        'query GetAddresses { activeCustomer { addresses { id defaultShippingAddress } } }',
        {},
        { token: owner.token },
      );
      const defaults = list.data.activeCustomer.addresses.filter((a: any) => a.defaultShippingAddress).map((a: any) => a.id);
      expect(defaults).toEqual([a1]);

      const foreign = await shop(env, SET_DEFAULT, { id: a2 }, { token: stranger.token });
      expect(foreign.data).toBeNull();
      expect(foreign.errors?.[0].extensions.code).toBe('ENTITY_NOT_FOUND');
      const anonymous = await shop(env, SET_DEFAULT, { id: a2 });
      expect(anonymous.errors?.[0].extensions.code).toBe('FORBIDDEN');
    });

    it('setShippingAdd copies a saved address with its custom fields to the active order', async () => {
      const none = await shop(
        env,
        'mutation setShippingAdd($id: ID!) { setShippingAdd(addressId: $id) { code } }',
        { id: a1 },
        { token: owner.token },
      );
      expect(none.data.setShippingAdd).toBeNull();
      const variantId = String(Object.values(env.seed.variantIdBySku)[0]);
      await shop(
        env,
        'mutation addToCart($id: ID!) { addItemToOrder(productVariantId: $id, quantity: 1) { __typename } }',
        { id: variantId },
        { token: owner.token },
      );
      const r = await shop(
        env,
        `mutation setShippingAdd($id: ID!) { setShippingAdd(addressId: $id) {
                    code shippingAddress { fullName streetLine1 city countryCode phoneNumber customFields { cityCode instructions receiverPhoneNumber firstName } }
                } }`,
        { id: a2 },
        { token: owner.token },
      );
      expect(r.data.setShippingAdd.shippingAddress).toMatchObject({
        fullName: 'Sara Ali',
        streetLine1: 'Olaya St 2',
        countryCode: 'SA',
        customFields: { cityCode: 'RUH', instructions: 'Ring twice', receiverPhoneNumber: '+966511111111', firstName: 'Sara' },
      });
      const foreign = await shop(
        env,
        'mutation setShippingAdd($id: ID!) { setShippingAdd(addressId: $id) { code } }',
        { id: a1 },
        { token: stranger.token },
      );
      expect(foreign.errors?.[0].extensions.code).toBe('ENTITY_NOT_FOUND');
    });

    it('verifies a shipping address by a mailed code; an edit voids the verification', async () => {
      const foreign = await shop(env, ASSIGN, { id: a1 }, { token: stranger.token });
      expect(foreign.errors?.[0].extensions.code).toBe('ENTITY_NOT_FOUND');

      const r = await shop(env, ASSIGN, { id: a1 }, { token: owner.token, lang: 'ar' });
      expect(r.data.assignVerificationToTheShippingAddress.success).toBe(true);
      const mail = await waitForMail(owner.email, /رمز توثيق عنوان الشحن/);
      const code = codeOf(mail);
      expect(mail.body).toContain('King Fahd Rd 1');

      const stolen = await shop(env, VERIFY_ADDRESS, { id: a1, code }, { token: stranger.token });
      expect(stolen.errors?.[0].extensions.code).toBe('ENTITY_NOT_FOUND');
      const wrong = await shop(env, VERIFY_ADDRESS, { id: a1, code: code === '000000' ? '000001' : '000000' }, { token: owner.token });
      expect(wrong.data.verifyTheShippingAddress).toMatchObject({ __typename: 'VerificationCodeInvalidError', attemptsLeft: 4 });
      const ok = await shop(env, VERIFY_ADDRESS, { id: a1, code }, { token: owner.token });
      expect(ok.data.verifyTheShippingAddress).toEqual({ __typename: 'Address', id: a1, customFields: { verifiedShippingAddress: true } });

      // the customer cannot set the flag directly
      const direct = await shop(
        env,
        'mutation updateCustomerAddress($input: UpdateAddressInput!) { updateCustomerAddress(input: $input) { id } }',
        { input: { id: a2, customFields: { verifiedShippingAddress: true } } },
        { token: owner.token },
      );
      expect(direct.errors?.length).toBeGreaterThan(0);

      await shop(
        env,
        'mutation updateCustomerAddress($input: UpdateAddressInput!) { updateCustomerAddress(input: $input) { id } }',
        { input: { id: a1, streetLine1: 'Another street 5' } },
        { token: owner.token },
      );
      const until = Date.now() + 5000;
      let verified = true;
      while (verified && Date.now() < until) {
        const list = await shop(
          env,
          'query GetAddresses { activeCustomer { addresses { id customFields { verifiedShippingAddress } } } }',
          {},
          { token: owner.token },
        );
        verified = list.data.activeCustomer.addresses.find((a: any) => a.id === a1).customFields.verifiedShippingAddress;
        if (verified) await new Promise((res) => setTimeout(res, 100));
      }
      expect(verified).toBe(false);
    });

    it('a code is for the address as it read when sent: one sent before an edit is refused, one sent right after holds', async () => {
      const UPDATE = 'mutation updateCustomerAddress($input: UpdateAddressInput!) { updateCustomerAddress(input: $input) { id } }';
      const verifiedFlag = async () =>
        (
          await shop(
            env,
            'query { activeCustomer { addresses { id customFields { verifiedShippingAddress } } } }',
            {},
            { token: owner.token },
          )
        ).data.activeCustomer.addresses.find((a: any) => a.id === a1).customFields.verifiedShippingAddress as boolean;
      const ADDRESS_MAIL = /shipping address verification code/;
      let nth = nextMailNumber(owner.email, ADDRESS_MAIL);
      await shop(env, ASSIGN, { id: a1 }, { token: owner.token });
      const before = codeOf(await waitForMail(owner.email, ADDRESS_MAIL, nth));
      await shop(env, UPDATE, { input: { id: a1, streetLine1: 'Tahlia St 7' } }, { token: owner.token });
      const stale = await shop(env, VERIFY_ADDRESS, { id: a1, code: before }, { token: owner.token });
      expect(stale.data.verifyTheShippingAddress.errorCode).toBe('VERIFICATION_TOKEN_EXPIRED_ERROR');

      // edit, then at once ask for a code and enter it: the edit's clean-up (an event handler that
      // may run after all this) must neither discard the new code nor undo the verification
      await shop(env, UPDATE, { input: { id: a1, streetLine1: 'Tahlia St 8' } }, { token: owner.token });
      nth = nextMailNumber(owner.email, ADDRESS_MAIL);
      await shop(env, ASSIGN, { id: a1 }, { token: owner.token });
      const mail = await waitForMail(owner.email, ADDRESS_MAIL, nth);
      expect(mail.body).toContain('Tahlia St 8');
      const after = codeOf(mail);
      const ok = await shop(env, VERIFY_ADDRESS, { id: a1, code: after }, { token: owner.token });
      expect(ok.data.verifyTheShippingAddress).toEqual({ __typename: 'Address', id: a1, customFields: { verifiedShippingAddress: true } });
      await new Promise((res) => setTimeout(res, 1000));
      expect(await verifiedFlag()).toBe(true);
    });

    it('expired address code and rate limits', async () => {
      const nth = nextMailNumber(owner.email, /shipping address verification code/);
      await shop(env, ASSIGN, { id: a2 }, { token: owner.token });
      const code = codeOf(await waitForMail(owner.email, /shipping address verification code/, nth));
      await repo(VerificationCode).update({ subject: Like(`address:${a2}:%`) }, { expiresAt: new Date(Date.now() - 1) });
      const expired = await shop(env, VERIFY_ADDRESS, { id: a2, code }, { token: owner.token, lang: 'ar' });
      expect(expired.data.verifyTheShippingAddress.errorCode).toBe('VERIFICATION_TOKEN_EXPIRED_ERROR');

      for (let i = 0; i < 9; i++) await shop(env, VERIFY_ADDRESS, { id: a2, code: '123456' }, { token: owner.token });
      const limited = await shop(env, VERIFY_ADDRESS, { id: a2, code: '123456' }, { token: owner.token });
      expect(limited.data.verifyTheShippingAddress.__typename).toBe('RateLimitError');

      // sending codes: 3 per address per 15 minutes, then HTTP 429
      await rateLimits.reset();
      for (let i = 0; i < 3; i++) expect((await shop(env, ASSIGN, { id: a2 }, { token: owner.token })).status).toBe(200);
      expect((await shop(env, ASSIGN, { id: a2 }, { token: owner.token })).status).toBe(429);
    });
  });

  describe('uploadImage', () => {
    const UPLOAD = /* GraphQL */ `
      mutation uploadImage($file: Upload!) {
        uploadImage(file: $file) {
          __typename
          ... on UploadedImage {
            id
            name
            fileSize
            source
            preview
          }
          ... on ErrorResult {
            errorCode
            message
          }
          ... on UploadImageError {
            reason
          }
          ... on RateLimitError {
            retryAfterSeconds
          }
        }
      }
    `;
    async function upload(bytes: Buffer, filename: string, token: string | null, lang: Lang = 'en', type = 'image/png') {
      const form = new FormData();
      form.append('operations', JSON.stringify({ query: UPLOAD, variables: { file: null } }));
      form.append('map', JSON.stringify({ 0: ['variables.file'] }));
      form.append('0', new Blob([new Uint8Array(bytes)], { type }), filename);
      const res = await fetch(`${env.baseUrl}/shop-api?languageCode=${lang}`, {
        method: 'POST',
        // CSRF prevention is on: multipart requests must carry a preflight-forcing header.
        headers: { 'apollo-require-preflight': 'true', ...(token ? { authorization: `Bearer ${token}` } : {}) },
        body: form,
      });
      return { status: res.status, ...((await res.json()) as { data: any; errors?: any[] }) };
    }
    let customer: { token: string };
    beforeAll(async () => {
      customer = await verifiedCustomer('upload');
    });

    it('stores a PNG / JPEG / WebP as an asset, named by the server', async () => {
      for (const format of ['png', 'jpeg', 'webp'] as const) {
        const base = sharp({ create: { width: 32, height: 24, channels: 3, background: '#c0ffee' } });
        const img = await base[format]().toBuffer();
        const r = await upload(img, `../../evil name.${format}`, customer.token);
        expect(r.data.uploadImage.__typename).toBe('UploadedImage');
        expect(r.data.uploadImage.fileSize).toBe(img.length);
        expect(r.data.uploadImage.name).toMatch(/^customer-upload-\d+-[0-9a-f]{8}\.(png|jpg|webp)$/);
        for (const url of [r.data.uploadImage.source, r.data.uploadImage.preview]) {
          const asset = await fetch(new URL(url, env.baseUrl));
          expect(asset.status).toBe(200);
        }
      }
    });

    it("saves the upload as the uploader's avatar, replaces the previous one and leaves other customers alone", async () => {
      const AVATAR = 'query Avatar { activeCustomer { customFields { avatar { id preview } } } }';
      const other = await verifiedCustomer('upload-other');
      const img = await sharp({ create: { width: 16, height: 16, channels: 3, background: '#123456' } })
        .png()
        .toBuffer();
      const first = await upload(img, 'me.png', customer.token);
      const second = await upload(img, 'me.png', customer.token);
      expect(second.data.uploadImage.__typename).toBe('UploadedImage');
      expect(second.data.uploadImage.id).not.toBe(first.data.uploadImage.id);

      const mine = await shop(env, AVATAR, {}, { token: customer.token });
      expect(mine.data.activeCustomer.customFields.avatar.id).toBe(second.data.uploadImage.id);
      expect(mine.data.activeCustomer.customFields.avatar.preview).toMatch(/customer-upload-\d+-[0-9a-f]{8}__preview/);
      const theirs = await shop(env, AVATAR, {}, { token: other.token });
      expect(theirs.data.activeCustomer.customFields.avatar).toBeNull();

      // The replaced upload is deleted; the customer cannot set the field through the API.
      const admin = await adminApi(env);
      const gone = await admin('query A($id: ID!) { asset(id: $id) { id } }', { id: first.data.uploadImage.id });
      expect(gone.asset).toBeNull();
      const forged = await shop(
        env,
        'mutation { updateCustomer(input: { customFields: { avatarId: "1" } }) { id } }',
        {},
        { token: customer.token },
      );
      expect(forged.errors?.length).toBeGreaterThan(0);
    });

    it('rejects other content whatever its name, and files over 2 MB (ar/en)', async () => {
      const text = await upload(Buffer.from('<svg onload="alert(1)"></svg>'), 'picture.svg', customer.token, 'en', 'image/svg+xml');
      expect(text.data.uploadImage).toEqual({
        __typename: 'UploadImageError',
        errorCode: 'UPLOAD_IMAGE_ERROR',
        message: 'Unsupported file. Please upload a JPEG, PNG or WebP image.',
        reason: 'UPLOAD_IMAGE_UNSUPPORTED_TYPE',
      });
      const big = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), crypto.randomBytes(2 * 1024 * 1024)]);
      const tooBig = await upload(big, 'big.png', customer.token, 'ar');
      expect(tooBig.data.uploadImage).toMatchObject({
        errorCode: 'UPLOAD_IMAGE_ERROR',
        message: 'حجم الصورة كبير جدًا. الحد الأقصى 2 ميغابايت.',
      });
      const anonymous = await upload(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), 'a.png', null);
      expect(anonymous.errors?.[0].extensions.code).toBe('FORBIDDEN');
    });

    // Issue 32 §7: a damaged image is told as such (its reason a code, for the storefront's words),
    // neither stored nor answered "unsupported type".
    it('refuses a damaged image as unreadable (ar/en), storing nothing', async () => {
      const good = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#abcdef' } })
        .png()
        .toBuffer();
      const truncated = good.subarray(0, Math.floor(good.length / 2));
      const garbled = Buffer.concat([good.subarray(0, 16), crypto.randomBytes(400)]);
      const notAJpeg = Buffer.from('this is not a photograph');
      for (const [bytes, name, type, lang, message] of [
        [truncated, 'me.png', 'image/png', 'en', 'The image could not be read. It may be damaged; please choose another image.'],
        [garbled, 'me.png', 'image/png', 'ar', 'تعذّرت قراءة الصورة. قد تكون تالفة؛ يرجى اختيار صورة أخرى.'],
        [notAJpeg, 'me.jpg', 'image/jpeg', 'en', 'The image could not be read. It may be damaged; please choose another image.'],
      ] as const) {
        const r = await upload(bytes, name, customer.token, lang, type);
        expect(r.data.uploadImage, name).toEqual({
          __typename: 'UploadImageError',
          errorCode: 'UPLOAD_IMAGE_ERROR',
          message,
          reason: 'UPLOAD_IMAGE_UNREADABLE',
        });
      }
    });

    it('is rate-limited per customer', async () => {
      const img = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#000' } })
        .png()
        .toBuffer();
      for (let i = 0; i < 20; i++) {
        const r = await upload(img, 'x.png', customer.token);
        expect(r.data.uploadImage.__typename).toBe('UploadedImage');
      }
      const r = await upload(img, 'x.png', customer.token);
      expect(r.data.uploadImage).toMatchObject({ __typename: 'RateLimitError', errorCode: 'RATE_LIMIT_ERROR' });
    });
  });

  describe('cancelOrder', () => {
    const CANCEL = /* GraphQL */ `
      mutation cancelOrder($input: ShopCancelOrderInput!) {
        cancelOrder(input: $input) {
          __typename
          ... on Order {
            code
            state
            payments {
              state
            }
          }
          ... on ErrorResult {
            errorCode
            message
          }
        }
      }
    `;
    async function placeCodOrder(token: string) {
      const variantId = String(Object.values(env.seed.variantIdBySku)[1]);
      const q = (query: string, variables: Record<string, unknown> = {}) => shop(env, query, variables, { token });
      await q('mutation addToCart($id: ID!) { addItemToOrder(productVariantId: $id, quantity: 1) { __typename } }', { id: variantId });
      await q('mutation SetShippingAddress($input: CreateAddressInput!) { setOrderShippingAddress(input: $input) { __typename } }', {
        input: { streetLine1: 'Tahlia', city: 'Jeddah', countryCode: 'SA', phoneNumber: '+966500000001' },
      });
      const methods = await q('query GetShippingMethods { eligibleShippingMethods { id } }');
      await q('mutation setOrderShippingMethod($id: [ID!]!) { setOrderShippingMethod(shippingMethodId: $id) { __typename } }', {
        id: [methods.data.eligibleShippingMethods[0].id],
      });
      await q('mutation TransitionOrder { transitionOrderToState(state: "ArrangingPayment") { __typename } }');
      const paid = await q(
        'mutation AddPayment { addPaymentToOrder(input: { method: "cash-on-delivery", metadata: {} }) { ... on Order { code state } ... on ErrorResult { errorCode message } } }',
      );
      expect(paid.data.addPaymentToOrder.state).toBe('PaymentAuthorized');
      return paid.data.addPaymentToOrder.code as string;
    }

    it('cancels the customer’s own order before shipping and releases the payment', async () => {
      const customer = await verifiedCustomer('cancel');
      const stranger = await verifiedCustomer('cancel-stranger');
      const code = await placeCodOrder(customer.token);

      const foreign = await shop(env, CANCEL, { input: { orderCode: code } }, { token: stranger.token, lang: 'ar' });
      expect(foreign.data.cancelOrder).toEqual({
        __typename: 'CancelOrderError',
        errorCode: 'CANCEL_ORDER_ERROR',
        message: 'الطلب غير موجود.',
      });
      const anonymous = await shop(env, CANCEL, { input: { orderCode: code } });
      expect(anonymous.errors?.[0].extensions.code).toBe('FORBIDDEN');

      const ok = await shop(env, CANCEL, { input: { orderCode: code, reason: 'Changed my mind' } }, { token: customer.token });
      expect(ok.data.cancelOrder).toMatchObject({ __typename: 'Order', code, state: 'Cancelled', payments: [{ state: 'Cancelled' }] });

      const twice = await shop(env, CANCEL, { input: { orderCode: code } }, { token: customer.token, lang: 'en' });
      expect(twice.data.cancelOrder).toEqual({
        __typename: 'CancelOrderError',
        errorCode: 'CANCEL_ORDER_ERROR',
        message: 'This order can no longer be cancelled.',
      });
    });

    it('refuses orders that have shipped', async () => {
      const login = await shop(env, LOGIN, { username: DEMO_CUSTOMER.emailAddress, password: DEMO_CUSTOMER.password });
      const token = login.token!;
      const code = await placeCodOrder(token);
      const admin = await adminApi(env);
      const found = await admin(
        'query($code: String!) { orders(options: { filter: { code: { eq: $code } } }) { items { id lines { id quantity } } } }',
        {
          code,
        },
      );
      const order = found.orders.items[0];
      const fulfil = await admin(
        'mutation($input: FulfillOrderInput!) { addFulfillmentToOrder(input: $input) { ... on Fulfillment { id } ... on ErrorResult { errorCode message } } }',
        {
          input: {
            lines: order.lines.map((l: any) => ({ orderLineId: l.id, quantity: l.quantity })),
            handler: {
              code: 'manual-fulfillment',
              arguments: [
                { name: 'method', value: 'courier' },
                { name: 'trackingCode', value: 'T1' },
              ],
            },
          },
        },
      );
      const shipped = await admin(
        'mutation($id: ID!) { transitionFulfillmentToState(id: $id, state: "Shipped") { ... on Fulfillment { state } ... on ErrorResult { message } } }',
        { id: fulfil.addFulfillmentToOrder.id },
      );
      expect(shipped.transitionFulfillmentToState.state).toBe('Shipped');
      // A cash-on-delivery order stays PaymentAuthorized while its parcel is on the road:
      // the fulfilment, not the order state, shows that it has left.
      const state = await shop(env, 'query($c: String!) { orderByCode(code: $c) { state } }', { c: code }, { token });
      expect(state.data.orderByCode.state).toBe('PaymentAuthorized');
      const r = await shop(env, CANCEL, { input: { orderCode: code } }, { token });
      expect(r.data.cancelOrder).toMatchObject({ __typename: 'CancelOrderError', message: 'This order can no longer be cancelled.' });
    });
  });

  it('keeps codes hashed at rest', async () => {
    const email = uniqueEmail('hash');
    const code = await register(email);
    const rows = await repo(VerificationCode).find({ where: { subject: email } });
    expect(rows).toHaveLength(1);
    expect(JSON.stringify(rows)).not.toContain(code);
    const user = await repo(User).findOneOrFail({ where: { identifier: email } });
    expect(user.verified).toBe(false);
  });
});
