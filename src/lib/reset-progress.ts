import type { PasswordResetInput } from '../../machines/password-reset.machine';

/**
 * Where a shopper is in the forgotten-password flow, kept so that reloading /auth/forget-password
 * comes back to the same step (issue 32 §7). The step is the page's URL (`?step=code`): a reload
 * keeps it, the server renders that step, and a fresh visit from "Forgot your password?" starts
 * over. The address the code went to (or the one being typed) is kept in this tab's
 * sessionStorage. Never kept: the code, the password, the reset ticket (that one is the
 * `reset_ticket` cookie of decision 012, which is what /auth/reset-password reloads with).
 *
 * Not XState's persisted snapshot: that holds the code, the password and the ticket, and restoring
 * it mid-request would send a second code; this keeps only what is needed to resume, and the
 * machine takes it as input (`codeSentTo`).
 */

export const RESET_STEP_PARAM = 'step';
const STORAGE_KEY = 'elegance.password-reset';

export type ResetStep = 'email' | 'code';

export interface ResetProgress {
  step: ResetStep;
  email: string;
}

/** What of the machine's snapshot this reads (the machine's own type is not imported: no xstate in the page's chunk). */
interface ResetSnapshotLike {
  matches(state: 'requesting' | 'code'): boolean;
  context: { values: { email: string }; email: string | null };
}

/** What to keep of a snapshot; null once the flow has moved past the code (or ended). */
export function resetProgressOf(snapshot: ResetSnapshotLike): ResetProgress | null {
  if (snapshot.matches('code') && snapshot.context.email) return { step: 'code', email: snapshot.context.email };
  if (snapshot.matches('requesting')) return { step: 'email', email: snapshot.context.values.email };
  return null;
}

export function readResetProgress(storage: Pick<Storage, 'getItem'> | null): ResetProgress | null {
  try {
    const parsed = JSON.parse(storage?.getItem(STORAGE_KEY) ?? 'null') as Partial<ResetProgress> | null;
    if (!parsed || (parsed.step !== 'email' && parsed.step !== 'code') || typeof parsed.email !== 'string') return null;
    return { step: parsed.step, email: parsed.email.slice(0, 254) };
  } catch {
    return null;
  }
}

export function writeResetProgress(storage: Pick<Storage, 'setItem' | 'removeItem'> | null, progress: ResetProgress | null): void {
  try {
    if (!progress) storage?.removeItem(STORAGE_KEY);
    else storage?.setItem(STORAGE_KEY, JSON.stringify({ step: progress.step, email: progress.email }));
  } catch {
    // Storage full or refused (private mode): a reload then starts over, as before.
  }
}

/**
 * The machine's input on /auth/forget-password: at the code step only when the URL says so and
 * this tab sent a code; the address typed so far in any case.
 */
export function resetInputOf(progress: ResetProgress | null, urlStep: string | null): PasswordResetInput {
  if (!progress) return {};
  if (urlStep === 'code' && progress.step === 'code') return { codeSentTo: progress.email };
  return progress.email ? { email: progress.email } : {};
}

/** This tab's sessionStorage in a browser; null on the server or where it is refused. */
export function sessionStore(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.sessionStorage;
  } catch {
    return null;
  }
}
