// When the next verification code may be requested, kept in the tab's sessionStorage so that
// reloading /auth/otp (or coming back to it) carries the resend cooldown on instead of offering
// a resend the backend would refuse with HTTP 429. Keyed by address: another account starts fresh.

const KEY = 'auth.resendAt';

interface Stored {
  email: string;
  at: number;
}

/** The tab's sessionStorage, or null on the server and where storage is blocked. */
function session(): Storage | null {
  try {
    return typeof sessionStorage === 'undefined' ? null : sessionStorage;
  } catch {
    return null;
  }
}

const normalise = (email: string) => email.trim().toLowerCase();

/** Records that a new code may be asked for `seconds` from `now`. */
export function rememberResendAt(email: string, seconds: number, now = Date.now(), storage = session()): void {
  if (!storage || !email) return;
  try {
    storage.setItem(KEY, JSON.stringify({ email: normalise(email), at: now + Math.max(0, seconds) * 1000 } satisfies Stored));
  } catch {
    // storage full or blocked: the cooldown then starts over on reload, which only costs a 429
  }
}

/** Whole seconds left of the cooldown recorded for `email` (0 when none or over). */
export function resendSecondsLeft(email: string, now = Date.now(), storage = session()): number {
  if (!storage || !email) return 0;
  let stored: Partial<Stored> | null = null;
  try {
    stored = JSON.parse(storage.getItem(KEY) ?? 'null') as Partial<Stored> | null;
  } catch {
    return 0;
  }
  if (!stored || stored.email !== normalise(email) || typeof stored.at !== 'number') return 0;
  return Math.max(0, Math.ceil((stored.at - now) / 1000));
}
