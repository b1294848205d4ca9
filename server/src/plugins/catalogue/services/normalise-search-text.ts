/**
 * Folds the spelling variants shoppers type for the same Arabic word onto one form, so that a
 * contains-match on the folded text finds a product however its name is spelled:
 * hamza/madda alef forms → ا, taa marbuta → ه, alef maqsura → ي, hamza on waw/yaa → و/ي,
 * tatweel and harakat dropped. Latin is lower-cased and whitespace collapsed.
 *
 * The same function folds the stored text (composeSearchText) and the query (searchQueryOf); the
 * storefront folds the query with a copy (machines/lib/arabic-normalize.ts) to count its letters.
 */
const ALEF_FORMS = /[\u0622\u0623\u0625\u0671\u0672\u0673]/g; // آ أ إ ٱ and the wavy-hamza alefs
const HARAKAT = /[\u064B-\u065F\u0670\u06D6-\u06ED]/g; // tanween, harakat, shadda, sukun, superscript alef, Quranic marks
const TATWEEL = /\u0640/g;
const INVISIBLE = /[\u200B-\u200F\u202A-\u202E\u2066-\u2069\uFEFF]/g; // zero-width and bidi controls

export function normaliseSearchText(input: string | null | undefined): string {
  if (!input) return '';
  return input
    .normalize('NFKC') // presentation forms (ﻻ, ﺓ ...) → base letters
    .replace(INVISIBLE, '')
    .replace(HARAKAT, '')
    .replace(TATWEEL, '')
    .replace(ALEF_FORMS, '\u0627')
    .replace(/\u0629/g, '\u0647') // ة → ه
    .replace(/\u0649/g, '\u064A') // ى → ي
    .replace(/\u0624/g, '\u0648') // ؤ → و
    .replace(/\u0626/g, '\u064A') // ئ → ي
    .replace(/[\u06CC]/g, '\u064A') // Persian yeh, common on some keyboards
    .replace(/[\u06A9]/g, '\u0643') // Persian keheh → ك
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim();
}

/** Escapes LIKE wildcards so that a shopper's `%` or `_` matches literally (ESCAPE '\'). */
export function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (m) => `\\${m}`);
}

/*
 * Light Arabic stemming (decision 029). Folding alone makes "احذيه" and "أحذية" one word; it does
 * not make "الأحذية", "ساعات" or "رياضية" find "أحذية", "ساعة" or "رياضي". Each Arabic word of
 * the folded text loses one common prefix (the article ال, alone or after و ب ف ك, and ل+ال
 * written لل) and then one common plural/feminine suffix (ات ون ين ان, and ة, already folded to
 * ه), each only when at least MIN_STEM letters stay, so short words ("بنات", "آلة") keep their
 * shape. Broken plurals (حذاء → أحذية) are out of reach of a light stemmer.
 */
const MIN_STEM = 3;
/** Longest first: "وال" before "ال". */
const PREFIXES = ['وال', 'بال', 'فال', 'كال', 'ولل', 'لل', 'ال'];
const SUFFIXES = ['ات', 'ون', 'ين', 'ان', '\u0647'];
/** A folded Arabic word: letters of the Arabic block only (digits, Latin and marks excluded). */
const ARABIC_WORD = /^[\u0621-\u063A\u0641-\u064A]+$/;
/** Separators between the words of a folded text (kept as they are). */
const NOT_WORD = /([^\p{L}\p{N}]+)/u;

/** The stem of one folded word; anything but an Arabic word comes back unchanged. */
export function stemArabicWord(word: string): string {
  if (!ARABIC_WORD.test(word)) return word;
  let stem = word;
  const prefix = PREFIXES.find((p) => stem.startsWith(p) && stem.length - p.length >= MIN_STEM);
  if (prefix) stem = stem.slice(prefix.length);
  const suffix = SUFFIXES.find((s) => stem.endsWith(s) && stem.length - s.length >= MIN_STEM);
  if (suffix) stem = stem.slice(0, stem.length - suffix.length);
  return stem;
}

/** Every Arabic word of an already folded text stemmed; separators kept. */
export function stemFoldedText(folded: string): string {
  return folded
    .split(NOT_WORD)
    .map((part, i) => (i % 2 === 0 ? stemArabicWord(part) : part))
    .join('');
}

/**
 * The stored side: the folded names (both languages, brand, category, sub-category), then their
 * stemmed forms where stemming changed them; distinct parts joined by " | ".
 */
export function composeSearchText(names: ReadonlyArray<string | null | undefined>): string {
  const folded = names.map(normaliseSearchText).filter(Boolean);
  return [...new Set([...folded, ...folded.map(stemFoldedText)])].join(' | ');
}

/** The query side, made by the same two functions as the stored side. */
export interface SearchQuery {
  /** The folded term: found anywhere in the stored text (a contains match, as typed). */
  folded: string;
  /** The stemmed term: found where a word of the stored text starts. */
  stem: string;
}

/** Undefined for a blank term. `maxLength` cuts the folded term (before stemming). */
export function searchQueryOf(term: string | null | undefined, maxLength = Infinity): SearchQuery | undefined {
  const folded = normaliseSearchText(term).slice(0, maxLength).trim();
  if (!folded) return undefined;
  return { folded, stem: stemFoldedText(folded) };
}

/**
 * Whether a stored search text (composeSearchText) matches a query: the folded term anywhere
 * (what the shopper typed, also half a word), or the stemmed term at the start of a word (so
 * "ساعات" finds "ساعة" but not "مساعد").
 */
export function matchesSearch(text: string, query: SearchQuery): boolean {
  if (text.includes(query.folded)) return true;
  if (!query.stem) return false;
  for (let at = text.indexOf(query.stem); at !== -1; at = text.indexOf(query.stem, at + 1)) {
    if (at === 0 || !/[\p{L}\p{N}]/u.test(text.charAt(at - 1))) return true;
  }
  return false;
}
