// @vitest-environment node
import { describe, expect, it } from 'vitest';

import {
  composeSearchText,
  matchesSearch,
  searchQueryOf,
  stemArabicWord,
} from '../../../../../../../server/src/plugins/catalogue/services/normalise-search-text';

/** What the backend does for a product named `name` and a shopper typing `query` (decision 029). */
function finds(query: string, name: string): boolean {
  const q = searchQueryOf(query);
  return q !== undefined && matchesSearch(composeSearchText([name]), q);
}

describe('Arabic light stemming in the search index', () => {
  // Word pairs, each both ways: a product named with one spelling is found by the other.
  it.each([
    ['احذيه', 'أحذية'], // alef with hamza, taa marbuta
    ['الأحذية', 'أحذية'], // the article
    ['ساعات', 'ساعة'], // sound feminine plural / singular
    ['رياضية', 'رياضي'], // feminine / masculine adjective
    ['الكاميرات', 'كاميرا'],
    ['بالشاشات', 'شاشة'], // ب + ال, plural
    ['والساعات', 'ساعة'], // و + ال, plural
    ['للأطفال', 'أطفال'], // ل + ال written لل
    ['فالقهوة', 'قهوة'], // ف + ال
    ['كالحرير', 'حرير'], // ك + ال
    ['مصممون', 'مصممة'], // ون
    ['لاعبين', 'لاعبون'], // ين / ون
    ['مقعدان', 'مقعد'], // dual ان
    ['مكتبية', 'مكتبي'],
    ['سماعات', 'سماعة'],
    ['إضاءة', 'اضاءه'], // hamza below, taa marbuta
    ['مُبطَّن', 'مبطن'], // harakat and shadda
    ['حـــذاء', 'حذاء'], // tatweel
    ['مستشفى', 'مستشفي'], // alef maqsura / yaa
    ['ألوان', 'الوان'],
    ['SHOES', 'shoes'], // Latin: case only
  ])('"%s" and "%s" find each other', (a, b) => {
    expect(finds(a, b), `"${a}" should find "${b}"`).toBe(true);
    expect(finds(b, a), `"${b}" should find "${a}"`).toBe(true);
  });

  // The same inside product names of several words.
  it.each([
    ['احذيه', 'أحذية الجري'],
    ['الأحذية', 'أحذية الجري'],
    ['ساعات ذكية', 'ساعة ذكية'],
    ['حذاء رياضية', 'حذاء رياضي شبكي يومي'],
    ['الكاميرات', 'كاميرا رقمية مدمجة'],
    ['للحاسوب', 'حاسوب محمول نحيف من الألمنيوم'],
    ['شاشات منحنية', 'شاشة منحنية'],
    ['running shoe', 'Cushioned Running Shoes'],
  ])('"%s" finds "%s"', (query, name) => {
    expect(finds(query, name)).toBe(true);
  });

  // Stems only match at the start of a word, and a prefix or suffix is only cut while 3 letters
  // stay: these words share letters but not a meaning.
  it.each([
    ['ساعات', 'مساعد شخصي'],
    ['ساعة', 'سماعة رأس'],
    ['بنات', 'بنطال جينز'],
    ['آلة', 'هاتف ذكي'],
    ['حذاء', 'غذاء صحي'],
    ['كتاب', 'مكتبة خشبية'],
  ])('"%s" and "%s" do not find each other', (a, b) => {
    expect(finds(a, b), `"${a}" should not find "${b}"`).toBe(false);
    expect(finds(b, a), `"${b}" should not find "${a}"`).toBe(false);
  });

  it.each([
    ['الأحذية', 'احذي'],
    ['بالساعات', 'ساع'],
    ['للرجال', 'رجال'],
    ['رياضيين', 'رياضي'],
    ['بنات', 'بنات'], // "بن" would be too short
    ['آلة', 'اله'], // neither "ه" nor "ال" is a stem
    ['الوان', 'وان'],
    ['shoes', 'shoes'],
    ['4K', '4K'],
  ])('the stem of %s is %s', (word, stem) => {
    expect(stemArabicWord(searchQueryOf(word)!.folded)).toBe(stem.toLowerCase());
  });

  it('a blank query is no query', () => {
    expect(searchQueryOf('  ـ  ')).toBeUndefined();
    expect(searchQueryOf(null)).toBeUndefined();
  });

  it('stores the folded names and their stems once each', () => {
    expect(composeSearchText(['أحذية الجري', 'Running Shoes', 'أحذية الجري'])).toBe('احذيه الجري | running shoes | احذي جري');
  });
});
