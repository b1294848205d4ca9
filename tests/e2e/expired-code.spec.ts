// Issue 13: an expired account code, in both locales. It ages the stored code in the backend's
// SQLite file (codes live 15 minutes and no API shortens that), a second writer beside Vendure: so it
// runs in the isolated phase (run-e2e.mjs: after the other specs, one worker), where its write
// cannot make a concurrent test's request meet a busy database.
import { browserLocale, expect, gotoHydrated, locales, localePath, test, tr } from './fixtures';
import {
  codeStep,
  expireAccountCode,
  freshEmail,
  readMailCode,
  registerUnverified,
  resendSeconds,
  signInWithPassword,
  SIGNED_IN_MS,
} from './auth-helpers';

for (const locale of locales) {
  test.describe(`auth flows (${locale})`, () => {
    test.use(browserLocale(locale));

    test('an expired code asks for a new one; a reload keeps the resend wait', async ({ page, request }) => {
      const email = freshEmail('expired', locale);
      await registerUnverified(request, email, 'Shopper123!');
      await gotoHydrated(page, localePath(locale, '/auth/login'));
      await signInWithPassword(page, locale, email, 'Shopper123!');
      const step = codeStep(page, locale);
      await expect(step.heading).toBeVisible({ timeout: SIGNED_IN_MS });
      const code = await readMailCode(request, email, 2);

      // A reload carries the cooldown on: neither a fresh full minute nor a resend offered early.
      await expect(step.resend).toBeDisabled();
      await page.waitForTimeout(3000);
      await page.reload();
      await expect(step.resend).toBeDisabled();
      const left = await resendSeconds(step.resend);
      expect(left).toBeGreaterThan(0);
      expect(left).toBeLessThanOrEqual(58);

      // The right code, but past its 15 minutes: the backend's own answer, shown as such.
      expireAccountCode(email);
      await step.code.fill(code);
      await step.confirm.click();
      await expect(step.alert).toHaveText(tr(locale, 'This code has expired. Ask for a new code and try again.'), {
        timeout: SIGNED_IN_MS,
      });
      await expect(step.confirm).toHaveAttribute('aria-disabled', 'true');
    });
  });
}
