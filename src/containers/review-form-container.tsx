import { useLingui } from '@lingui/react/macro';
import type { ReviewContext, ReviewEvent } from '../../machines/review.machine';
import { ReviewForm, type ReviewFormView } from '../components/catalogue/review-form';
import { AppActorsGate } from './app-actors';
import { useActorSelector, type SelectableActor } from './use-actor-selector';
import { usePageActor } from './use-page-actor';

/** The part of a review actor's snapshot the form reads. */
interface ReviewSnapshot {
  value: unknown;
  context: ReviewContext;
  can(event: ReviewEvent): boolean;
}

const EMPTY: ReviewContext['values'] = { rating: 0, summary: '', body: '' };
const NO_ERRORS: ReviewFormView['fieldErrors'] = {};

/** The review form reading a review actor (null until it has started: the machine's first state is shown). */
export function ConnectedReviewForm({
  actor,
  send,
}: {
  actor: SelectableActor<ReviewSnapshot> | null;
  send: (event: ReviewEvent) => void;
}) {
  const view: ReviewFormView = {
    state: useActorSelector(actor, (s) => String(s.value), 'checking'),
    values: useActorSelector(actor, (s) => s.context.values, EMPTY),
    fieldErrors: useActorSelector(actor, (s) => s.context.fieldErrors, NO_ERRORS),
    submitError: useActorSelector(actor, (s) => s.context.submitError, null),
    reason: useActorSelector(actor, (s) => s.context.ineligibleReason, null),
    submitted: useActorSelector(actor, (s) => s.context.submitted, null),
    canSubmit: useActorSelector(actor, (s) => s.can({ type: 'review.submit' }), false),
  };
  return <ReviewForm view={view} send={send} />;
}

function ReviewFormWithMachine({ productId }: { productId: string }) {
  const { actor, send } = usePageActor('review', { input: { productId } });
  return <ConnectedReviewForm actor={actor} send={send} />;
}

/** Loaded lazily when the shopper opens the review form: the machine, wired in the composition root. */
export default function ReviewFormContainer({ productId }: { productId: string }) {
  const { t } = useLingui();
  return (
    <AppActorsGate fallback={<p role="status">{t`Loading…`}</p>}>
      <ReviewFormWithMachine productId={productId} />
    </AppActorsGate>
  );
}
