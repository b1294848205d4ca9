import { assign, fromPromise, setup } from 'xstate';
import { unavailableOf } from './lib/network-failure';
import type { ReviewEligibility, SubmitReviewResult } from '../services/reviews.service';
import { validateReview, type ReviewErrorCode, type ReviewField, type ReviewInput, type ReviewOutput } from './schemas/review.schema';

/**
 * Writing a product review. Only a customer who bought the product and has not reviewed that
 * order line yet may write one, so the machine first asks which line is reviewable; the view
 * explains any other answer. What the shopper typed survives every failed submit.
 */

export type { ReviewEligibility, SubmitReviewResult };

export type IneligibleReason = Exclude<ReviewEligibility['status'], 'eligible'>;

/** A rejected submit as the service tags it, or a failure to reach the server at all. */
export type ReviewSubmitError =
  Exclude<SubmitReviewResult, { ok: true }> | { ok: false; code: 'NETWORK'; message: string; unavailable?: true };

/** Schema codes, or 'server' when the Shop API rejected the field (its message is in submitError). */
export type ReviewFieldErrors = Partial<Record<ReviewField, ReviewErrorCode | 'server'>>;

export interface ReviewContext {
  productId: string;
  orderLineId: string | null;
  values: ReviewInput;
  fieldErrors: ReviewFieldErrors;
  submitError: ReviewSubmitError | null;
  ineligibleReason: IneligibleReason | null;
  submitted: { id: string; state: string } | null;
}

export type ReviewEvent =
  | { type: 'review.change'; field: 'rating'; value: number }
  | { type: 'review.change'; field: 'summary' | 'body'; value: string }
  | { type: 'review.submit' }
  | { type: 'review.retry' };

export interface SubmitReviewInput extends ReviewOutput {
  productId: string;
  orderLineId: string;
}

const REVIEW_FIELDS: readonly ReviewField[] = ['rating', 'summary', 'body'];

function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

export const reviewMachine = setup({
  types: {
    context: {} as ReviewContext,
    events: {} as ReviewEvent,
    input: {} as { productId: string },
  },
  actors: {
    findReviewableLine: fromPromise<ReviewEligibility, { productId: string }>(async () => {
      throw new Error('findReviewableLine not provided');
    }),
    submitReview: fromPromise<SubmitReviewResult, SubmitReviewInput>(async () => {
      throw new Error('submitReview not provided');
    }),
  },
  guards: {
    isEligible: (_, output: ReviewEligibility) => output.status === 'eligible',
    isValid: ({ context }) => validateReview(context.values).success,
    isAccepted: (_, output: SubmitReviewResult) => output.ok,
    isIneligible: (_, output: SubmitReviewResult) =>
      !output.ok && (output.code === 'REVIEW_ALREADY_SUBMITTED_ERROR' || output.code === 'REVIEW_NOT_ALLOWED_ERROR'),
  },
  actions: {
    storeEligibility: assign((_, output: ReviewEligibility) =>
      output.status === 'eligible'
        ? { orderLineId: output.orderLineId, ineligibleReason: null }
        : { orderLineId: null, ineligibleReason: output.status },
    ),
    storeValue: assign(({ context, event }) => {
      if (event.type !== 'review.change') return {};
      const fieldErrors = { ...context.fieldErrors };
      delete fieldErrors[event.field];
      return { values: { ...context.values, [event.field]: event.value }, fieldErrors };
    }),
    storeFieldErrors: assign(({ context }) => {
      const result = validateReview(context.values);
      return { fieldErrors: result.success ? {} : result.errors };
    }),
    clearSubmitError: assign({ submitError: null }),
    storeSubmitted: assign((_, output: SubmitReviewResult) =>
      output.ok ? { submitted: { id: output.review.id, state: output.review.state }, submitError: null } : {},
    ),
    storeRejection: assign(({ context }, output: SubmitReviewResult) => {
      if (output.ok) return {};
      const field = output.code === 'REVIEW_INPUT_ERROR' ? REVIEW_FIELDS.find((f) => f === output.field) : undefined;
      return {
        submitError: output,
        // The server's message is already in the shopper's language; show it at the field.
        fieldErrors: field ? { ...context.fieldErrors, [field]: 'server' as const } : context.fieldErrors,
      };
    }),
    storeIneligibleReason: assign((_, output: SubmitReviewResult) => ({
      orderLineId: null,
      ineligibleReason:
        !output.ok && output.code === 'REVIEW_NOT_ALLOWED_ERROR' ? ('not-purchased' as const) : ('already-reviewed' as const),
    })),
    storeNetworkError: assign((_, error: unknown) => ({
      submitError: { ok: false, code: 'NETWORK', message: errorMessage(error), ...unavailableOf(error) } as const,
    })),
  },
}).createMachine({
  id: 'review',
  context: ({ input }) => ({
    productId: input.productId,
    orderLineId: null,
    values: { rating: 0, summary: '', body: '' },
    fieldErrors: {},
    submitError: null,
    ineligibleReason: null,
    submitted: null,
  }),
  initial: 'checking',
  states: {
    checking: {
      invoke: {
        id: 'findReviewableLine',
        src: 'findReviewableLine',
        input: ({ context }) => ({ productId: context.productId }),
        onDone: [
          {
            guard: { type: 'isEligible', params: ({ event }) => event.output },
            target: 'editing',
            actions: { type: 'storeEligibility', params: ({ event }) => event.output },
          },
          {
            target: 'ineligible',
            actions: { type: 'storeEligibility', params: ({ event }) => event.output },
          },
        ],
        onError: { target: 'checkFailed' },
      },
    },
    checkFailed: {
      on: { 'review.retry': { target: 'checking' } },
    },
    ineligible: {
      // Logging in or buying happens elsewhere; asking again re-checks.
      on: { 'review.retry': { target: 'checking' } },
    },
    editing: {
      on: {
        'review.change': { actions: 'storeValue' },
        'review.submit': [{ guard: 'isValid', target: 'submitting' }, { actions: 'storeFieldErrors' }],
      },
    },
    submitting: {
      entry: 'clearSubmitError',
      invoke: {
        id: 'submitReview',
        src: 'submitReview',
        input: ({ context }) => {
          const result = validateReview(context.values);
          if (!result.success || !context.orderLineId) throw new Error('submitting without a valid review');
          return { ...result.output, productId: context.productId, orderLineId: context.orderLineId };
        },
        onDone: [
          {
            guard: { type: 'isAccepted', params: ({ event }) => event.output },
            target: 'submitted',
            actions: { type: 'storeSubmitted', params: ({ event }) => event.output },
          },
          {
            guard: { type: 'isIneligible', params: ({ event }) => event.output },
            target: 'ineligible',
            actions: [
              { type: 'storeRejection', params: ({ event }) => event.output },
              { type: 'storeIneligibleReason', params: ({ event }) => event.output },
            ],
          },
          {
            target: 'editing',
            actions: { type: 'storeRejection', params: ({ event }) => event.output },
          },
        ],
        onError: {
          target: 'editing',
          actions: { type: 'storeNetworkError', params: ({ event }: { event: { error: unknown } }) => event.error },
        },
      },
    },
    submitted: { type: 'final' },
  },
});
