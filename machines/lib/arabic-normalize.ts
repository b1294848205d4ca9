// Folds the spellings an Arabic-speaking shopper uses interchangeably into one form, so that a
// query matches however the product name was typed. The server folds product names the same way
// (Product.customFields.searchText); both sides must agree, so change them together.

const DIACRITICS = /[\u0610-\u061A\u064B-\u065F\u0670\u06D6-\u06ED]/g; // harakat, tanween, shadda, sukun, dagger alef, Quranic marks
const TATWEEL = /\u0640/g;
const ALEF_FORMS = /[\u0622\u0623\u0625\u0671\u0672\u0673]/g; // آ أ إ ٱ and rarer hamza/wasla alefs -> ا
const TAA_MARBUTA = /\u0629/g; // ة -> ه
const ALEF_MAQSURA = /\u0649/g; // ى -> ي
const WAW_HAMZA = /\u0624/g; // ؤ -> و
const YAA_HAMZA = /\u0626/g; // ئ -> ي
const ARABIC_INDIC_DIGITS = /[\u0660-\u0669\u06F0-\u06F9]/g;

function toAsciiDigit(ch: string): string {
  const code = ch.charCodeAt(0);
  return String(code >= 0x06f0 ? code - 0x06f0 : code - 0x0660);
}

/** Normalises Arabic (and Latin) text for matching: never for display. */
export function normalizeArabic(text: string): string {
  return text
    .normalize('NFKC') // presentation forms (ﻻ, ﺃ ...) -> base letters
    .replace(DIACRITICS, '')
    .replace(TATWEEL, '')
    .replace(ALEF_FORMS, '\u0627')
    .replace(TAA_MARBUTA, '\u0647')
    .replace(ALEF_MAQSURA, '\u064A')
    .replace(WAW_HAMZA, '\u0648')
    .replace(YAA_HAMZA, '\u064A')
    .replace(ARABIC_INDIC_DIGITS, toAsciiDigit)
    .toLocaleLowerCase('en-US')
    .replace(/\s+/g, ' ')
    .trim();
}
