// Folds the spellings an Arabic-speaking shopper uses interchangeably into one form, so that a
// query matches however the product name was typed. The server folds product names with the
// same rules (server/src/plugins/catalogue/services/normalise-search-text.ts, stored in
// Product.customFields.searchText); both sides must agree, so change them together.

const ALEF_FORMS = /[\u0622\u0623\u0625\u0671\u0672\u0673]/g; // آ أ إ ٱ and the wavy-hamza alefs -> ا
const HARAKAT = /[\u064B-\u065F\u0670\u06D6-\u06ED]/g; // tanween, harakat, shadda, sukun, dagger alef, Quranic marks
const TATWEEL = /\u0640/g;
const INVISIBLE = /[\u200B-\u200F\u202A-\u202E\u2066-\u2069\uFEFF]/g; // zero-width and bidi controls

/** Normalises Arabic (and Latin) text for matching: never for display. */
export function normalizeArabic(text: string): string {
  return text
    .normalize('NFKC') // presentation forms (ﻻ, ﺓ ...) -> base letters
    .replace(INVISIBLE, '')
    .replace(HARAKAT, '')
    .replace(TATWEEL, '')
    .replace(ALEF_FORMS, '\u0627')
    .replace(/\u0629/g, '\u0647') // ة -> ه
    .replace(/\u0649/g, '\u064A') // ى -> ي
    .replace(/\u0624/g, '\u0648') // ؤ -> و
    .replace(/\u0626/g, '\u064A') // ئ -> ي
    .replace(/\u06CC/g, '\u064A') // Persian yeh, common on some keyboards
    .replace(/\u06A9/g, '\u0643') // Persian keheh -> ك
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim();
}
