import { assign, fromPromise, setup } from 'xstate';
import type { PasswordResetResult, VerifyResetCodeResult } from '../services/account.service';
import type { CurrentUser } from '../services/session.service';
import { isCodeSpent, type AuthFailure, type RateLimited } from './lib/auth-failure';
import { formStates, refused, unanswered, type Outcome } from './lib/form-states';
import { validateForm, type AuthErrors, type AuthField, type AuthForm, type AuthValues } from './schemas/auth.schema';

// Forgotten password (`/auth/forget-password`, `/auth/reset-password`): e-mail -> 6-digit code ->
// reset ticket -> new password -> signed in. The ticket never leaves the machine's context.

export interface PasswordResetInput {
  /** The address typed on the sign-in form, if any. */
  email?: string;
  /**
   * The reset ticket a previous page got (`/auth/reset-password` reads the `reset_ticket` cookie
   * the code step wrote): the machine starts at the new password.
   */
  resetToken?: string;
  /**
   * The address a code was already sent to in this tab, when the page is reloaded at the code
   * step (src/lib/reset-progress.ts): the machine starts at the code, nothing sent again. The code
   * itself and the password are never kept, so they are typed again.
   */
  codeSentTo?: string;
}

export type ResetField = Extract<AuthField, 'email' | 'code' | 'password'>;

export interface PasswordResetContext {
  values: Pick<AuthValues, ResetField>;
  errors: AuthErrors;
  failure: AuthFailure | null;
  invalidSubmits: number;
  /** The address the code went to (what was typed may change after). */
  email: string | null;
  /** From verifyForgetpasswordCode; required by the new-password step. */
  resetToken: string | null;
  user: CurrentUser | null;
}

export type PasswordResetEvent =
  | { type: 'reset.change'; field: ResetField; value: string }
  | { type: 'reset.submit' }
  | { type: 'reset.retry' }
  /** Another code to the same address (the current one expired, ran out of tries or never came). */
  | { type: 'reset.requestCode' }
  /** Back to the e-mail step, what was typed kept. */
  | { type: 'reset.changeEmail' };

/** `requestPasswordReset` today resolves a boolean and throws on HTTP 429: the service must return this. */
export type RequestResetCodeResult = { ok: true } | RateLimited;

export interface ChangePasswordInput {
  resetToken: string;
  password: string;
}

function formValue<F extends AuthForm>(form: F, values: Pick<AuthValues, ResetField>) {
  const result = validateForm(form, { firstName: '', lastName: '', ...values });
  if (!result.ok) throw new Error(`${form} submitted with invalid values`);
  return result.value;
}

const notProvided = (name: string) => () => Promise.reject(new Error(`${name} is not provided: wire it in src/app/actors.ts`));

const resetSetup = setup({
  types: {
    context: {} as PasswordResetContext,
    events: {} as PasswordResetEvent,
    input: {} as PasswordResetInput,
  },
  actors: {
    requestResetCode: fromPromise<RequestResetCodeResult, { emailAddress: string }>(notProvided('requestResetCode')),
    verifyResetCode: fromPromise<VerifyResetCodeResult, { code: string; email: string }>(notProvided('verifyResetCode')),
    /** changeUserPassword (with the ticket) or core resetPassword: both answer a PasswordResetResult. */
    changePassword: fromPromise<PasswordResetResult, ChangePasswordInput>(notProvided('changePassword')),
    confirmSession: fromPromise<void, void>(notProvided('confirmSession')),
  },
  actions: {
    // Implemented by the composition root, as for any other sign-in (auth.machine.ts): the session
    // learns of the customer, and the header's cart and wishlist counts follow (shop.machine.ts).
    storeSignIn: (_, _params: { user: CurrentUser | null }) => {},

    changeField: assign(({ context, event }) => {
      if (event.type !== 'reset.change') return {};
      const { [event.field]: _dropped, ...errors } = context.errors;
      return { values: { ...context.values, [event.field]: event.value }, errors };
    }),
    storeErrors: assign(({ context }, params: { form: AuthForm }) => {
      const result = validateForm(params.form, { firstName: '', lastName: '', ...context.values });
      return result.ok ? { errors: {} } : { errors: result.errors, invalidSubmits: context.invalidSubmits + 1 };
    }),
    clearErrors: assign({ errors: {} }),
    clearFailure: assign({ failure: null }),
    storeFailure: assign((_, params: { failure: AuthFailure }) => ({ failure: params.failure })),
    storeEmail: assign(({ context }) => ({ email: formValue('email', context.values).email })),
    startCode: assign(({ context }) => ({ values: { ...context.values, code: '' }, resetToken: null })),
    storeResetToken: assign((_, params: { result: VerifyResetCodeResult }) =>
      params.result.ok ? { resetToken: params.result.resetToken } : {},
    ),
    dropResetToken: assign({ resetToken: null }),
    storeUser: assign((_, params: { result: PasswordResetResult }) => (params.result.ok ? { user: params.result.user } : {})),
  },
  guards: {
    isValid: ({ context }, params: { form: AuthForm }) => validateForm(params.form, { firstName: '', lastName: '', ...context.values }).ok,
    isOk: (_, params: { result: Outcome }) => params.result.ok,
    isCodeSpent: (_, params: { result: Outcome }) => !params.result.ok && isCodeSpent(params.result),
    isTicketRejected: (_, params: { result: Outcome }) =>
      !params.result.ok &&
      (params.result.code === 'PASSWORD_RESET_TOKEN_INVALID_ERROR' || params.result.code === 'PASSWORD_RESET_TOKEN_EXPIRED_ERROR'),
    isNotVerified: (_, params: { result: Outcome }) => !params.result.ok && params.result.code === 'NOT_VERIFIED_ERROR',
    hasEmail: ({ context }) => context.email !== null,
    hasResetToken: ({ context }) => context.resetToken !== null,
  },
});

const resetForm = formStates<PasswordResetEvent>('reset');
/** Another code, or another address: from any state of the code step. */
const newCode = {
  'reset.requestCode': '#passwordReset.requesting.sending',
  'reset.changeEmail': '#passwordReset.requesting.editing',
} as const;

export const passwordResetMachine = resetSetup.createMachine({
  id: 'passwordReset',
  context: ({ input }) => {
    const resumed = resumedEmail(input.codeSentTo);
    return {
      values: { email: resumed ?? input.email ?? '', code: '', password: '' },
      errors: {},
      failure: null,
      invalidSubmits: 0,
      email: resumed,
      resetToken: input.resetToken?.trim() || null,
      user: null,
    };
  },
  initial: 'starting',
  states: {
    starting: {
      always: [{ guard: 'hasResetToken', target: 'newPassword' }, { guard: 'hasEmail', target: 'code' }, { target: 'requesting' }],
    },
    requesting: {
      initial: 'editing',
      states: resetForm(
        'email',
        'sending',
        resetSetup.createStateConfig({
          invoke: {
            id: 'requestResetCode',
            src: 'requestResetCode',
            input: ({ context }) => ({ emailAddress: context.email ?? '' }),
            onDone: [
              {
                guard: { type: 'isOk', params: ({ event }) => ({ result: event.output }) },
                target: '#passwordReset.code',
                actions: 'startCode',
              },
              { target: 'failed', actions: refused },
            ],
            onError: { target: 'failed', actions: unanswered },
          },
        }),
        { submitActions: ['clearErrors', 'storeEmail'], retryGuard: 'hasEmail' },
      ),
    },
    code: {
      initial: 'editing',
      entry: 'clearErrors',
      states: {
        ...resetForm(
          'code',
          'checking',
          resetSetup.createStateConfig({
            invoke: {
              id: 'verifyResetCode',
              src: 'verifyResetCode',
              input: ({ context }) => ({ code: formValue('code', context.values).code, email: context.email ?? '' }),
              onDone: [
                {
                  guard: { type: 'isOk', params: ({ event }) => ({ result: event.output }) },
                  target: '#passwordReset.newPassword',
                  actions: { type: 'storeResetToken', params: ({ event }) => ({ result: event.output }) },
                },
                { guard: { type: 'isCodeSpent', params: ({ event }) => ({ result: event.output }) }, target: 'spent', actions: refused },
                { target: 'failed', actions: refused },
              ],
              onError: { target: 'failed', actions: unanswered },
            },
          }),
          { on: newCode },
        ),
        // Expired or out of attempts: only a new code helps.
        spent: { on: newCode },
      },
    },
    newPassword: {
      initial: 'editing',
      entry: 'clearErrors',
      states: {
        ...resetForm(
          'newPassword',
          'saving',
          resetSetup.createStateConfig({
            invoke: {
              id: 'changePassword',
              src: 'changePassword',
              input: ({ context }) => ({
                resetToken: context.resetToken ?? '',
                password: formValue('newPassword', context.values).password,
              }),
              onDone: [
                {
                  guard: { type: 'isOk', params: ({ event }) => ({ result: event.output }) },
                  target: '#passwordReset.signedIn',
                  // The ticket is spent: nothing keeps it once it has done its work.
                  actions: [{ type: 'storeUser', params: ({ event }) => ({ result: event.output }) }, 'dropResetToken'],
                },
                // The ticket is spent or too old: a new code gives a new one.
                {
                  guard: { type: 'isTicketRejected', params: ({ event }) => ({ result: event.output }) },
                  target: 'rejected',
                  actions: [refused, 'dropResetToken'],
                },
                // The account still waits for its e-mail code: the view offers `/auth/otp` for `email`.
                {
                  guard: { type: 'isNotVerified', params: ({ event }) => ({ result: event.output }) },
                  target: '#passwordReset.unverified',
                  actions: [{ type: 'storeFailure', params: { failure: { kind: 'notVerified' } } }, 'dropResetToken'],
                },
                { target: 'failed', actions: refused },
              ],
              onError: { target: 'failed', actions: unanswered },
            },
          }),
        ),
        rejected: {
          on: { 'reset.requestCode': '#passwordReset.requesting.sending' },
        },
      },
    },
    unverified: { type: 'final' },
    signedIn: {
      entry: { type: 'storeSignIn', params: ({ context }) => ({ user: context.user }) },
      initial: 'confirming',
      states: {
        confirming: {
          invoke: { id: 'confirmSession', src: 'confirmSession', onDone: 'settled', onError: 'settled' },
        },
        settled: { type: 'final' },
      },
    },
  },
});

/** A restored address only when it is one (what sessionStorage holds is not trusted blindly). */
function resumedEmail(value: string | undefined): string | null {
  if (!value) return null;
  const result = validateForm('email', { firstName: '', lastName: '', email: value, code: '', password: '' });
  return result.ok ? result.value.email : null;
}
