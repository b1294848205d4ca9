// Shared e2e helpers: locales (paths, browser settings, the real catalogs' texts) and an axe check.
// Tests read user-visible text through `tr(locale, englishMessage)`, which looks the message up in
// locales/<locale>/messages.po, so an Arabic test fails when the page shows English or a missing
// translation.
import { readFileSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import {
  test as base,
  expect,
  type APIRequestContext,
  type BrowserContext,
  type Locator,
  type Page,
  type Response,
  type TestInfo,
} from '@playwright/test';
import { parsePo } from '../tools/check-translations.mjs';
import { pageHydrated } from '../tools/page-hydrated.mjs';
import { renderSkippedContent, WCAG_TAGS } from './a11y-helpers';

export { expect };
export type Locale = 'ar' | 'en';
export const locales: readonly Locale[] = ['ar', 'en'];

/** The same page under a locale: Arabic has no prefix, English lives under /en. */
export function localePath(locale: Locale, path: string): string {
  if (locale === 'ar') return path;
  return path === '/' ? '/en' : path.startsWith('/?') ? `/en${path.slice(1)}` : `/en${path}`;
}

/** The ISO locale the shop formats with and a shopper's browser of that language reports. */
const intlLocale = (locale: Locale) => (locale === 'ar' ? 'ar-SA' : 'en-US');

/** Browser settings of a shopper whose browser prefers the locale (Accept-Language, navigator). */
export function browserLocale(locale: Locale) {
  return { locale: intlLocale(locale) };
}

export const acceptLanguage = { ar: 'ar-SA,ar;q=0.9', en: 'en-US,en;q=0.9' } as const;
export const LOCALE_COOKIE = 'i18n_redirected';

const catalogs = new Map<Locale, Map<string, string>>();
function catalog(locale: Locale): Map<string, string> {
  let c = catalogs.get(locale);
  if (!c) {
    const file = new URL(`../../locales/${locale}/messages.po`, import.meta.url);
    c = new Map(
      parsePo(readFileSync(file, 'utf8'), file.pathname)
        .filter((e) => !e.obsolete && e.msgid !== '')
        .map((e) => [e.msgctxt ? `${e.msgctxt}\u0004${e.msgid}` : e.msgid, e.msgstr[0] ?? '']),
    );
    catalogs.set(locale, c);
  }
  return c;
}

/** A number in the locale's digits (Arabic-Indic under ar), without grouping. */
export function localDigits(locale: Locale, n: number): string {
  return new Intl.NumberFormat(intlLocale(locale), { useGrouping: false, maximumFractionDigits: 2 }).format(n);
}

/** Reads a whole number written in Latin or Arabic-Indic digits (the first one in `text`). */
export function readNumber(text: string): number {
  const latin = text.replace(/[\u0660-\u0669]/g, (d) => String(d.charCodeAt(0) - 0x0660));
  return Number(/\d+/.exec(latin)?.[0]);
}

/**
 * The text the app shows for a source (English) message in a locale, with `{name}` placeholders
 * filled from `values`. Throws when the catalog lacks the message, so a renamed message fails loudly.
 */
export function tr(locale: Locale, message: string, values: Record<string, string | number> = {}, context?: string): string {
  const key = context ? `${context}\u0004${message}` : message;
  const text = catalog(locale).get(key);
  if (text === undefined) throw new Error(`locales/${locale}/messages.po has no message ${JSON.stringify(message)}`);
  if (!text) throw new Error(`locales/${locale}/messages.po has no translation for ${JSON.stringify(message)}`);
  // Numbers as the app prints them (src/i18n/i18n.ts withLocalDigits): the locale's digits, no grouping.
  const show = (v: string | number) => (typeof v === 'number' ? localDigits(locale, v) : v);
  return text.replace(/\{(\w+)\}/g, (m, name: string) => (name in values ? show(values[name]!) : m));
}

/** An exact-match, whitespace-tolerant pattern for accessible names. */
export function exactly(text: string): RegExp {
  return new RegExp(`^\\s*${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/\s+/g, '\\s+')}\\s*$`);
}

/** Accessible names that start with a text (labels such as "Full name *" with a required mark). */
export function startingWith(text: string): RegExp {
  return new RegExp(`^\\s*${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`);
}

/** lang and dir of the <html> element of a server-rendered document. */
export function htmlAttributes(html: string): { lang?: string; dir?: string } {
  const tag = /<html\b[^>]*>/i.exec(html)?.[0] ?? '';
  return {
    lang: /\blang="([^"]*)"/.exec(tag)?.[1],
    dir: /\bdir="([^"]*)"/.exec(tag)?.[1],
  };
}

export { pageHydrated };

/** Opens a page and waits until React has hydrated all of it (`pageHydrated`), then lets the commit finish. */
export async function gotoHydrated(page: Page, url: string) {
  await page.goto(url);
  await page.waitForFunction(pageHydrated);
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0))));
}

/**
 * A form- or step-level failure summary (ErrorSummary): a group named by its message that takes
 * focus when it appears. Deliberately not a live region (it would be read twice); see
 * `expectAnnouncedOnce`.
 */
export function errorSummary(page: Page, text?: string | RegExp) {
  const summaries = page.getByRole('group').and(page.locator('[data-error-summary]'));
  return text === undefined ? summaries : summaries.filter({ hasText: text });
}

/** The summary is read once: by taking focus, named by its message, and inside no live region. */
export async function expectAnnouncedOnce(summary: Locator, message: string) {
  await expect(summary).toBeFocused();
  await expect(summary).toHaveAccessibleName(message);
  const live = await summary.evaluate((el) =>
    Boolean(el.closest('[role="alert"], [role="status"], [role="log"], [aria-live]:not([aria-live="off"])')),
  );
  expect(live, 'an error summary that takes focus must not also be in a live region').toBe(false);
}

/** Fails with a readable list when axe finds serious or critical WCAG 2.x A/AA violations. */
export async function expectNoSeriousA11yViolations(page: Page, options: { exclude?: string[] } = {}) {
  // Violations only (passes would carry every node back), run in the page itself: the default
  // cross-frame mode ships partial results to a blank page, which took 12 of the 14 s on the home
  // page (2,466 elements) and timed tests out on a loaded machine. The shop has no iframes.
  // `options()` replaces the whole options object, tags included: so it comes first, then the tags
  // (the other way round axe ran its default rules, without WCAG 2.2's target-size).
  let builder = new AxeBuilder({ page })
    .options({ resultTypes: ['violations'] })
    .withTags(WCAG_TAGS)
    .setLegacyMode(true);
  await renderSkippedContent(page);
  for (const selector of options.exclude ?? []) builder = builder.exclude(selector);
  const { violations } = await builder.analyze();
  const serious = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  const report = serious.map(
    (v) =>
      `${v.impact} ${v.id}: ${v.help}\n${v.nodes
        .slice(0, 5)
        .map((n) => `    ${n.target.join(' ')}: ${n.failureSummary?.split('\n').slice(1).join('; ')}`)
        .join('\n')}`,
  );
  expect(report, `axe on ${page.url()}`).toEqual([]);
}

/**
 * Every page of a test's browser context (popups too) reports Content-Security-Policy violations
 * here; a test whose pages reported one fails (issue 15). A test that provokes a violation on
 * purpose takes it out of the list (`cspViolations.splice(0)`) after checking it.
 */
async function collectCspViolations(context: BrowserContext, testInfo: TestInfo, use: (violations: string[]) => Promise<void>) {
  const violations: string[] = [];
  await context.exposeBinding('__reportCspViolation', ({ page }, violation: string) => {
    violations.push(`${page?.url() ?? '?'}: ${violation}`);
  });
  await context.addInitScript(() => {
    addEventListener(
      'securitypolicyviolation',
      (e) => {
        const report = (window as unknown as { __reportCspViolation?: (v: string) => void }).__reportCspViolation;
        report?.(`${e.effectiveDirective} blocked ${e.blockedURI || 'inline'} at ${e.sourceFile}:${e.lineNumber} ${e.sample}`);
      },
      true,
    );
  });
  await use(violations);
  testInfo.annotations.push({ type: 'figure:csp-violations', description: String(violations.length) });
  expect(violations, 'Content-Security-Policy violations reported by the pages').toEqual([]);
}

/** Paths the storefront passes to Vendure: Vendure's own documents, with Vendure's headers (decision 013). */
const PROXIED = /^\/(shop-api|assets|sandbox|payments\/callback)(\/|$|\?)/;

/** What is wrong with a document's Content-Security-Policy header (decision 013); [] when nothing. */
export function cspProblems(policy: string | undefined): string[] {
  if (!policy) return ['no Content-Security-Policy header'];
  const directives = new Map(
    policy
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((d) => d[0])
      .map(([name, ...values]) => [name!.toLowerCase(), values] as const),
  );
  const problems: string[] = [];
  const scripts = directives.get('script-src') ?? [];
  if (!scripts.some((v) => /^'nonce-[A-Za-z0-9_-]{16,}={0,2}'$/.test(v))) problems.push('script-src without a nonce');
  if (scripts.includes("'unsafe-inline'")) problems.push("'unsafe-inline' in script-src");
  for (const [name, value] of [
    ['frame-ancestors', "'self'"],
    ['base-uri', "'none'"],
    ['object-src', "'none'"],
  ] as const) {
    if ((directives.get(name) ?? []).join(' ') !== value) problems.push(`${name} is not ${value}`);
  }
  return problems;
}

/**
 * Every document the test's pages receive from the storefront (navigations, reloads, popups) must
 * carry the policy with a nonce, frame-ancestors 'self', base-uri 'none' and object-src 'none'
 * (issue 15). Vendure's documents reached through the proxy or its own port are not the
 * storefront's, redirects and 304s carry no body to protect. The count of documents and pages
 * checked goes into the test's annotations; the figures reporter (tests/tools/e2e-figures.mjs)
 * prints the run's totals.
 */
async function checkDocumentPolicies(context: BrowserContext, baseURL: string | undefined, testInfo: TestInfo, use: () => Promise<void>) {
  const origin = baseURL ? new URL(baseURL).origin : null;
  const checks: Promise<void>[] = [];
  const problems: string[] = [];
  const paths = new Set<string>();
  let documents = 0;
  const onResponse = (response: Response) => {
    const request = response.request();
    if (request.resourceType() !== 'document' || !origin) return;
    const url = new URL(response.url());
    const status = response.status();
    if (url.origin !== origin || PROXIED.test(url.pathname) || (status >= 300 && status < 400)) return;
    checks.push(
      response.allHeaders().then(
        (headers) => {
          documents++;
          paths.add(url.pathname);
          for (const p of cspProblems(headers['content-security-policy'])) problems.push(`${status} ${url.pathname}${url.search}: ${p}`);
        },
        // the page was closed before its headers could be read: nothing to check
        () => undefined,
      ),
    );
  };
  context.on('response', onResponse);
  await use();
  context.off('response', onResponse);
  await Promise.all(checks);
  testInfo.annotations.push({ type: 'figure:csp', description: JSON.stringify({ documents, paths: [...paths] }) });
  expect(problems, 'documents of the storefront without the Content-Security-Policy of decision 013').toEqual([]);
}

export const test = base.extend<{
  axe: (options?: { exclude?: string[] }) => Promise<void>;
  cspViolations: string[];
  cspHeaders: void;
}>({
  axe: async ({ page }, use) => {
    await use((options) => expectNoSeriousA11yViolations(page, options));
  },
  cspViolations: [async ({ context }, use, testInfo) => collectCspViolations(context, testInfo, use), { auto: true }],
  cspHeaders: [async ({ context, baseURL }, use, testInfo) => checkDocumentPolicies(context, baseURL, testInfo, use), { auto: true }],
});

/** A figure of a suite (faults injected, payloads tried…), summed over the run by tests/tools/e2e-figures.mjs. */
export function recordFigure(name: string, value: number) {
  test.info().annotations.push({ type: `figure:${name}`, description: String(value) });
}

/** Vendure's own origin (run-e2e.mjs passes it): the Admin API prepares data the shop cannot. */
export const serverURL = process.env.E2E_SERVER_URL ?? `http://127.0.0.1:${process.env.SERVER_PORT ?? 3000}`;

let customerSeq = 0;

/**
 * A new, verified customer made through the Admin API (superadmin, development default), so each
 * test signs in as somebody of its own: no shared active order (a guest's cart keeps its code when it
 * becomes the customer's) and no shared per-account login limit (10 per 15 minutes).
 */
export async function createCustomer(request: APIRequestContext, label: string): Promise<{ email: string; password: string }> {
  const admin = `${serverURL}/admin-api`;
  const loginRes = await request.post(admin, {
    data: {
      query: `mutation { login(username: "${process.env.SUPERADMIN_USERNAME ?? 'superadmin'}", password: "${process.env.SUPERADMIN_PASSWORD ?? 'superadmin'}") { __typename } }`,
    },
  });
  const token = loginRes.headers()['vendure-auth-token'];
  expect(token, 'Admin API login').toBeTruthy();
  const email = `${label}.${Date.now()}.${process.pid}.${customerSeq++}@example.com`.toLowerCase();
  const password = 'Shopper123!';
  const res = await request.post(admin, {
    headers: { authorization: `Bearer ${token}` },
    data: {
      query: `mutation ($input: CreateCustomerInput!, $password: String) {
        createCustomer(input: $input, password: $password) { __typename ... on Customer { id } ... on ErrorResult { message } }
      }`,
      variables: { input: { emailAddress: email, firstName: 'Test', lastName: 'Shopper' }, password },
    },
  });
  const body = (await res.json()) as { data?: { createCustomer: { __typename: string; message?: string } } };
  expect(body.data?.createCustomer.__typename, JSON.stringify(body)).toBe('Customer');
  return { email, password };
}
