import type { I18n } from '@lingui/core';
import { msg, plural } from '@lingui/core/macro';

/**
 * "Too many attempts. Try again in N seconds.", with the noun agreeing with N in every language
 * (Arabic has six plural forms: ثانية واحدة، ثانيتين، ٣ ثوانٍ، ١١ ثانية …) and N in the page's digits.
 */
export function retryAfterText(i18n: I18n, seconds: number): string {
  const shown = i18n.number(seconds);
  return i18n._(
    msg`${plural(seconds, {
      one: `Too many attempts. Try again in ${shown} second.`,
      other: `Too many attempts. Try again in ${shown} seconds.`,
    })}`,
  );
}
