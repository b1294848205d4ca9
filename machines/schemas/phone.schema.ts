import * as v from 'valibot';

/** Spec §9: the phone input defaults to Saudi Arabia. */
export const DEFAULT_PHONE_COUNTRY = 'SA';

/**
 * What the phone input hands over: the number already formatted as E.164 by libphonenumber in the
 * view, and the country picked. The machine re-checks the shape (E.164 allows 15 digits at most)
 * and, for Saudi numbers, the national plan (a mobile `5` plus 8 digits, or a landline).
 */
export interface PhoneValue {
  e164: string;
  country: string;
}

const E164 = /^\+[1-9]\d{1,14}$/;
const SAUDI = /^\+966(5\d{8}|1\d{7,8})$/;

export const emptyPhone = (): PhoneValue => ({ e164: '', country: DEFAULT_PHONE_COUNTRY });

export function isPhoneValid(phone: PhoneValue): boolean {
  if (!E164.test(phone.e164)) return false;
  if (phone.country === 'SA' || phone.e164.startsWith('+966')) return phone.country === 'SA' && SAUDI.test(phone.e164);
  return true;
}

/** An optional phone: empty passes as '', otherwise it must be valid; the output is the E.164 string. */
export const optionalPhone = <M extends string>(message: M) =>
  v.pipe(
    v.object({ e164: v.pipe(v.string(), v.trim()), country: v.string() }),
    v.check((p) => p.e164 === '' || isPhoneValid(p), message),
    v.transform((p) => p.e164),
  );

export const requiredPhone = <M extends string>(required: M, invalid: M) =>
  v.pipe(
    v.object({ e164: v.pipe(v.string(), v.trim()), country: v.string() }),
    v.check((p) => p.e164 !== '', required),
    v.check((p) => isPhoneValid(p), invalid),
    v.transform((p) => p.e164),
  );
