/**
 * Folds the spelling variants shoppers type for the same Arabic word onto one form, so that a
 * contains-match on the folded text finds a product however its name is spelled:
 * hamza/madda alef forms → ا, taa marbuta → ه, alef maqsura → ي, hamza on waw/yaa → و/ي,
 * tatweel and harakat dropped. Latin is lower-cased and whitespace collapsed.
 *
 * The same function folds the stored text (Product.customFields.searchText) and the query.
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
