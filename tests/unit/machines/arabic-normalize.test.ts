import { describe, expect, it } from 'vitest';
import { normalizeArabic } from '../../../machines/lib/arabic-normalize';

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
    ['رقم ١٢٣ و ۴۵', 'رقم 123 و 45'],
  ])('%s -> %s', (input, expected) => {
    expect(normalizeArabic(input)).toBe(expected);
  });

  it('makes different spellings of the same word equal', () => {
    expect(normalizeArabic('ساعة ذكية')).toBe(normalizeArabic('ساعه ذكيه'));
    expect(normalizeArabic('أدوات')).toBe(normalizeArabic('ادوات'));
  });
});
