// Helpers of the auth browser specs (auth-flows.spec.ts, and expired-code.spec.ts in the isolated
// phase): fresh addresses, codes read from the backend's dev mailbox, the code step's controls.
import { join } from 'node:path';
import type { APIRequestContext, Page } from '@playwright/test';
import Database from 'better-sqlite3';
import { errorSummary, expect, localePath, serverURL, test, tr, type Locale } from './fixtures';

/** A sign-in or a code check, the session's user check, then the next page's loaders on 2 busy cores. */
export const SIGNED_IN_MS = 20_000;
export const CODE_RE = /data-testid="code"[^>]*>\s*([0-9]{6})\s*</;

let seq = 0;
export const freshEmail = (label: string, locale: Locale) => `${label}.${locale}.${Date.now()}.${process.pid}.${seq++}@example.com`;

/**
 * The 6-digit code of the newest mail to `email` in the dev mailbox, once it holds at least
 * `count` mails to that address (a resend adds one; the previous code no longer works).
 */
export async function readMailCode(request: APIRequestContext, email: string, count = 1): Promise<string> {
  const until = Date.now() + 15_000;
  for (;;) {
    const list = await mailbox<Array<{ fileName: string; recipient: string }>>(request, 'list');
    const mine = (list ?? []).filter((m) => m.recipient === email).sort((a, b) => (a.fileName < b.fileName ? 1 : -1));
    if (mine.length >= count) {
      const mail = await mailbox<{ body: string }>(request, `item/${encodeURIComponent(mine[0]!.fileName)}`);
      const code = mail && CODE_RE.exec(mail.body)?.[1];
      if (code) return code;
    }
    if (Date.now() > until) throw new Error(`no code mail #${count} for ${email}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

/**
 * A dev mailbox answer, or undefined when the connection was reset: the request context reuses
 * a kept-alive socket, which the server may close just as it is reused (seen under load as
 * "read ECONNRESET"); the caller's loop asks again.
 */
async function mailbox<T>(request: APIRequestContext, path: string): Promise<T | undefined> {
  try {
    return (await (await request.get(`${serverURL}/mailbox/${path}`)).json()) as T;
  } catch (e) {
    if (/ECONNRESET|socket hang up/.test(String(e))) return undefined;
    throw e;
  }
}

/** Every mail of the dev mailbox (newest first), asked again when the kept-alive socket was reset. */
export async function mailboxList<T = { fileName: string; recipient: string; subject: string; date: string }>(
  request: APIRequestContext,
): Promise<T[]> {
  for (let attempt = 1; ; attempt++) {
    const list = await mailbox<T[]>(request, 'list');
    if (list) return list;
    if (attempt === 3) throw new Error('the dev mailbox reset the connection three times');
  }
}

/** Registers through the Shop API (not verified): the first code mail goes out. */
export async function registerUnverified(request: APIRequestContext, email: string, password: string) {
  const res = await request.post('/shop-api', {
    data: {
      query: `mutation ($input: RegisterCustomerInput!) { registerCustomerAccount(input: $input) { __typename } }`,
      variables: { input: { emailAddress: email, password, firstName: 'New', lastName: 'Shopper' } },
    },
  });
  expect(
    ((await res.json()) as { data: { registerCustomerAccount: { __typename: string } } }).data.registerCustomerAccount.__typename,
  ).toBe('Success');
}

/**
 * Ages the live account code of `email` past its expiry in the backend's database: codes live 15
 * minutes and no API shortens that, so the test moves the clock of the stored row instead.
 */
export function expireAccountCode(email: string) {
  const dataDir = process.env.E2E_DATA_DIR;
  test.skip(!dataDir, 'needs the backend database (E2E_DATA_DIR, set by tests/tools/run-e2e.mjs)');
  const db = new Database(join(dataDir!, 'vendure.sqlite'));
  try {
    db.pragma('busy_timeout = 5000');
    const aged = db
      .prepare(`UPDATE verification_code SET expiresAt = '2000-01-01 00:00:00.000' WHERE purpose = 'verify-account' AND subject = ?`)
      .run(email.toLowerCase());
    expect(aged.changes).toBe(1);
  } finally {
    db.close();
  }
}

/** Seconds shown on the resend countdown (m:ss, Latin or Arabic-Indic digits). */
export async function resendSeconds(button: ReturnType<Page['getByRole']>): Promise<number> {
  const text = (await button.textContent()) ?? '';
  const latin = text.replace(/[\u0660-\u0669]/g, (d) => String(d.charCodeAt(0) - 0x0660));
  const m = /(\d+):(\d\d)/.exec(latin);
  if (!m) throw new Error(`no countdown in "${text}"`);
  return Number(m[1]) * 60 + Number(m[2]);
}

export const banner = (page: Page) => page.getByRole('banner');
export const accountLink = (page: Page, locale: Locale) => banner(page).getByRole('link', { name: tr(locale, 'My account') });
export const signInLink = (page: Page, locale: Locale) =>
  banner(page).getByRole('link', { name: tr(locale, 'Sign in or create an account') });
export const urlOf = (locale: Locale, path: string) => new RegExp(`${localePath(locale, path).replace(/[?]/g, '\\?')}(\\?[^#]*)?$`);

export function codeStep(page: Page, locale: Locale) {
  return {
    heading: page.getByRole('heading', { level: 1, name: tr(locale, 'Confirm your email address') }),
    code: page.getByRole('textbox', { name: tr(locale, 'Verification code') }),
    confirm: page.getByRole('button', { name: tr(locale, 'Confirm'), exact: true }),
    resend: page.getByRole('button', { name: new RegExp(`^${tr(locale, 'Send a new code in <0>{0}</0>').split('<0>')[0]!.trim()}`) }),
    alert: errorSummary(page),
  };
}

export async function signInWithPassword(page: Page, locale: Locale, email: string, password: string) {
  await page.getByRole('textbox', { name: tr(locale, 'Email address') }).fill(email);
  await page.getByLabel(tr(locale, 'Password'), { exact: true }).fill(password);
  await page.getByRole('button', { name: tr(locale, 'Sign in'), exact: true }).click();
}
