// Pure rules of the phone input (spec §5, §9), unit-tested without React or the phone library.
import { normalizeArabic } from '../../../machines/lib/arabic-normalize';

export const DEFAULT_COUNTRY = 'SA';
/** Spec §5: text over 250 characters is cut, whatever the text limit. */
export const PHONE_TEXT_HARD_LIMIT = 250;
/** Spec §9: default text limit. */
export const PHONE_DEFAULT_TEXT_LIMIT = 25;
export const PHONE_MIN_DIGITS = 2;
/** Spec §5: a national number over 17 digits is rejected. */
export const PHONE_MAX_NATIONAL_DIGITS = 17;
/** Spec §9: the dropdown's type-to-find buffer clears after 700 ms. */
export const TYPE_AHEAD_RESET_MS = 700;

/** What the lazily loaded libphonenumber-js offers us (a structural subset, so tests can fake it). */
export interface PhoneLib {
  parsePhoneNumberFromString(
    text: string,
    defaultCountry?: string,
  ): { isValid(): boolean; number: string; nationalNumber: string; country?: string } | undefined;
  getCountries(): string[];
  getCountryCallingCode(country: string): string;
}

const NOT_ALLOWED = /[^0-9+\-() ]/g;
const EASTERN_DIGITS = /[\u0660-\u0669\u06F0-\u06F9]/g;

/** Arabic-Indic and Persian digits typed on Arabic keyboards become ASCII digits. */
export function toAsciiDigits(text: string): string {
  return text.replace(EASTERN_DIGITS, (d) => {
    const code = d.charCodeAt(0);
    return String(code >= 0x06f0 ? code - 0x06f0 : code - 0x0660);
  });
}

export interface SanitizeOptions {
  /** Only digits, spaces, plus, hyphen and brackets (spec §5). Default true. */
  restricted?: boolean;
  /** Default 25 (spec §9); never above 250. */
  limit?: number;
}

export function sanitizePhoneText(text: string, options: SanitizeOptions = {}): string {
  const { restricted = true, limit = PHONE_DEFAULT_TEXT_LIMIT } = options;
  let out = toAsciiDigits(text.slice(0, PHONE_TEXT_HARD_LIMIT));
  if (restricted) out = out.replace(/\s/g, ' ').replace(NOT_ALLOWED, '');
  return out.slice(0, Math.min(limit, PHONE_TEXT_HARD_LIMIT));
}

export function countDigits(text: string): number {
  return (text.match(/\d/g) ?? []).length;
}

/**
 * The digits of the national number: without an international prefix (+ or 00) and calling
 * code, and without a national trunk 0. Without the library the calling code is the selected
 * country's.
 */
export function nationalDigits(text: string, callingCode: string): string {
  const trimmed = text.trim();
  let digits = trimmed.replace(/\D/g, '');
  const international = trimmed.startsWith('+') || digits.startsWith('00');
  if (digits.startsWith('00')) digits = digits.slice(2);
  if (international) {
    if (digits.startsWith(callingCode)) return digits.slice(callingCode.length);
    return digits.slice(Math.min(3, digits.length)); // another country: assume the longest code
  }
  return digits.startsWith('0') ? digits.slice(1) : digits;
}

/** The text the field keeps after a change: sanitised, or the previous text when too long. */
export function acceptPhoneText(previous: string, typed: string, callingCode: string, options: SanitizeOptions = {}): string {
  const next = sanitizePhoneText(typed, options);
  if (nationalDigits(next, callingCode).length > PHONE_MAX_NATIONAL_DIGITS) return previous;
  return next;
}

export type PhoneStatus = 'empty' | 'tooShort' | 'tooLong' | 'pending' | 'invalid' | 'valid';

export interface PhoneVerdict {
  status: PhoneStatus;
  valid: boolean;
  /** +966501234567 when valid. */
  e164: string | null;
  /** The country the number belongs to, when the library could tell. */
  country: string | null;
}

const verdict = (status: PhoneStatus, rest: Partial<PhoneVerdict> = {}): PhoneVerdict => ({
  status,
  valid: status === 'valid',
  e164: null,
  country: null,
  ...rest,
});

/** Valid or invalid by the country metadata; `pending` until the library has loaded. */
export function judgePhone(text: string, country: string, lib: PhoneLib | null): PhoneVerdict {
  const digits = countDigits(text);
  if (digits === 0) return verdict('empty');
  if (digits < PHONE_MIN_DIGITS) return verdict('tooShort');
  if (!lib) return verdict('pending');
  const parsed = lib.parsePhoneNumberFromString(text, country);
  if (!parsed) return verdict('invalid');
  if (parsed.nationalNumber.length > PHONE_MAX_NATIONAL_DIGITS) return verdict('tooLong');
  if (!parsed.isValid()) return verdict('invalid', { country: parsed.country ?? null });
  return verdict('valid', { e164: parsed.number, country: parsed.country ?? country });
}

// ---------- the country dropdown's type-to-find ----------

export interface TypeAheadState {
  buffer: string;
  at: number;
}

export const EMPTY_TYPE_AHEAD: TypeAheadState = { buffer: '', at: Number.NEGATIVE_INFINITY };

/** Adds a typed character; the buffer starts over when the last one came over 700 ms ago. */
export function typeAhead(state: TypeAheadState, key: string, now: number): TypeAheadState {
  const fresh = now - state.at > TYPE_AHEAD_RESET_MS;
  return { buffer: (fresh ? '' : state.buffer) + key, at: now };
}

export interface CountryOption {
  code: string;
  name: string;
  callingCode: string;
}

function fold(text: string): string {
  return normalizeArabic(text);
}

/**
 * The option to highlight for the buffer: the first name starting with it, searching after the
 * current option. Repeating one letter ("sss") cycles through the names with that initial, as
 * native selects do.
 */
export function findCountry(options: readonly CountryOption[], buffer: string, currentIndex: number): number {
  if (!buffer) return -1;
  const folded = fold(buffer);
  const repeated = [...folded].every((c) => c === folded[0]);
  const needle = repeated ? (folded[0] ?? '') : folded;
  const start = repeated ? currentIndex + 1 : Math.max(currentIndex, 0);
  for (let i = 0; i < options.length; i++) {
    const index = (start + i) % options.length;
    const option = options[index]!;
    if (fold(option.name).startsWith(needle) || option.code.toLowerCase() === folded) return index;
  }
  return -1;
}

/** Regional-indicator flag emoji of a country code (decorative). */
export function flagOf(code: string): string {
  return [...code.toUpperCase()].map((c) => String.fromCodePoint(0x1f1e6 + c.charCodeAt(0) - 65)).join('');
}
