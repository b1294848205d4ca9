import type { EventObject } from 'xstate';
import type { AuthForm } from '../schemas/auth.schema';
import { toAuthFailure, type AnyAuthFailure, type AuthFailure } from './auth-failure';
import { unavailableOf } from './network-failure';

// The forms of the auth machines (auth.machine.ts, password-reset.machine.ts) share one shape:
// `editing` -> a valid submit -> a busy state that asks the server -> `failed`, where the failure
// stays on screen while the shopper corrects the form (the next submit clears it). formStates
// builds `editing` and `failed` around the busy state a machine writes itself. They name actions
// and guards each machine's setup() defines (changeField, storeErrors, clearErrors, clearFailure,
// storeFailure; isValid), so the machine's createMachine type-checks them against its own setup.

/** What an auth service answers: ok, or a tagged failure. */
export type Outcome = { ok: true } | AnyAuthFailure;

/** The failure an answer reports; an ok one never gets here (guarded before), else it is `network`. */
export function failureOf(result: Outcome): AuthFailure {
  return result.ok ? { kind: 'network' } : toAuthFailure(result);
}

/** `storeFailure` for a call that got no answer (the connection, or the store behind the proxy). */
export const unanswered = {
  type: 'storeFailure',
  params: ({ event }: { event: { error: unknown } }): { failure: AuthFailure } => ({
    failure: { kind: 'network', ...unavailableOf(event.error) },
  }),
} as const;

/** `storeFailure` for an answer with an error code: the failure its code stands for (failureOf). */
export const refused = {
  type: 'storeFailure',
  params: ({ event }: { event: { output: Outcome } }): { failure: AuthFailure } => ({ failure: failureOf(event.output) }),
} as const;

/** `P` when TEvent has the form events `P.change`, `P.submit` and `P.retry`. */
export type FormPrefix<TEvent extends EventObject> = PrefixOf<TEvent['type'], TEvent['type']>;
type PrefixOf<T extends string, All extends string> = T extends `${infer P}.submit`
  ? `${P}.change` | `${P}.retry` extends All
    ? P
    : never
  : never;

/** `{ [type]: transition }`, its key kept as a literal type (a computed key would widen to string). */
function on<const K extends string, const T>(type: K, transition: T): Record<K, T> {
  return { [type]: transition } as Record<K, T>;
}

/**
 * The states of one form of a machine with events `<prefix>.change|submit|retry`:
 * `formStates<AuthEvent>('auth')('signIn', 'submitting', busyState, { on })` gives `editing`,
 * `submitting` (busyState entered with `clearFailure`) and `failed`, in that order.
 * - `on`: further transitions of `editing` and `failed` (another form, another code...);
 * - `submitActions`: what a valid submit does on its way to the busy state (`clearErrors`);
 * - `retryGuard`: when `<prefix>.retry` sends again from `failed` (the form is valid).
 */
export function formStates<TEvent extends EventObject, P extends FormPrefix<TEvent> = FormPrefix<TEvent>>(prefix: P) {
  return <
    const F extends AuthForm,
    const B extends string,
    const S extends object,
    const O extends object = Record<never, never>,
    const A = 'clearErrors',
    const R = { type: 'isValid'; params: { form: F } },
  >(
    form: F,
    busy: B,
    busyState: S,
    // A key that is none of TEvent's types is an error, as it would be written out in the machine.
    options: { on?: O & Record<Exclude<keyof O, TEvent['type']>, never>; submitActions?: A; retryGuard?: R } = {},
  ) => {
    const isValid = { type: 'isValid', params: { form } } as const;
    const invalid = [{ type: 'storeErrors', params: { form } }, 'clearFailure'] as const;
    const submit = { guard: isValid, target: busy, actions: options.submitActions ?? ('clearErrors' as const) };
    const change = on(`${prefix}.change`, { actions: 'changeField' } as const);
    const editing = {
      on: { ...change, ...on(`${prefix}.submit`, [submit, { actions: invalid }] as const), ...options.on },
    };
    const failed = {
      on: {
        ...change,
        ...on(`${prefix}.submit`, [submit, { target: 'editing', actions: invalid }] as const),
        ...on(`${prefix}.retry`, { guard: options.retryGuard ?? isValid, target: busy }),
        ...options.on,
      },
    };
    // Built in this order, the states keep it (the diagrams list them so).
    return { editing, [busy]: { entry: 'clearFailure', ...busyState }, failed } as { editing: typeof editing } & Record<
      B,
      { entry: 'clearFailure' } & S
    > & { failed: typeof failed };
  };
}
