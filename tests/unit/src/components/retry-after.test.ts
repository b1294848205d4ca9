import { describe, expect, it } from 'vitest';
import { retryAfterText } from '../../../../src/components/retry-after';
import { loadI18n } from '../../../../src/i18n/i18n';

describe('"try again in N seconds": the noun agrees with N', () => {
  it('Arabic: ثانية واحدة، ثانيتين، ثوانٍ for 3-10, ثانية from 11, in Arabic-Indic digits (decision 015)', async () => {
    const i18n = await loadI18n('ar');
    expect(retryAfterText(i18n, 1)).toBe('محاولات كثيرة. حاول مرة أخرى بعد ثانية واحدة.');
    expect(retryAfterText(i18n, 2)).toBe('محاولات كثيرة. حاول مرة أخرى بعد ثانيتين.');
    expect(retryAfterText(i18n, 5)).toBe('محاولات كثيرة. حاول مرة أخرى بعد ٥ ثوانٍ.');
    expect(retryAfterText(i18n, 60)).toBe('محاولات كثيرة. حاول مرة أخرى بعد ٦٠ ثانية.');
  });

  it('English: one second, 60 seconds', async () => {
    const i18n = await loadI18n('en');
    expect(retryAfterText(i18n, 1)).toBe('Too many attempts. Try again in 1 second.');
    expect(retryAfterText(i18n, 60)).toBe('Too many attempts. Try again in 60 seconds.');
  });
});
