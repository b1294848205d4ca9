import { describe, expect, it } from 'vitest';
import { normalizeArabic } from '../../../../machines/lib/arabic-normalize';

describe('normalizeArabic', () => {
  it.each([
    ['أحمد', 'احمد'],
    ['إبريق', 'ابريق'],
    ['آلة', 'اله'],
    ['ٱلقهوة', 'القهوه'],
    ['مكتبة', 'مكتبه'],
    ['مستشفى', 'مستشفي'],
    ['مؤسسة', 'موسسه'],
    ['رئيس', 'رييس'],
    ['قـــهـــوة', 'قهوه'],
    ['قَهْوَةٌ', 'قهوه'],
    ['ﻷحمد', 'لاحمد'],
    ['  Blue   SHOES ', 'blue shoes'],
    ['‏کتاب ی', 'كتاب ي'],
  ])('%s -> %s', (input, expected) => {
    expect(normalizeArabic(input)).toBe(expected);
  });

  it('folds exactly like the server does for the stored search text', async () => {
    const { normaliseSearchText } = await import('../../../../server/src/plugins/catalogue/services/normalise-search-text');
    for (const sample of ['أَحْمَدُ', 'مكتبة الأطفال', 'ﻷ', 'Blue  SHOES', 'مستشفى', 'رئيس مؤسسة', '\u200fکتاب']) {
      expect(normalizeArabic(sample)).toBe(normaliseSearchText(sample));
    }
  });

  it('makes different spellings of the same word equal', () => {
    expect(normalizeArabic('ساعة ذكية')).toBe(normalizeArabic('ساعه ذكيه'));
    expect(normalizeArabic('أدوات')).toBe(normalizeArabic('ادوات'));
  });
});
