import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { reviewMachine, type ReviewEligibility, type SubmitReviewInput, type SubmitReviewResult } from '../../../machines/review.machine';

function deferred<T>() {
  let resolve!: (v: T) => void;
  let reject!: (e: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

function review(id: string, state: string) {
  return {
    id,
    state,
    createdAt: '2026-11-20T10:00:00Z',
    summary: 's',
    body: 'b',
    rating: 4,
    authorName: 'A',
    isAuthor: true,
    languageCode: 'en',
  };
}

function start(opts: {
  eligibility?: ReviewEligibility | (() => Promise<ReviewEligibility>);
  submit?: (input: SubmitReviewInput) => Promise<SubmitReviewResult>;
}) {
  const submit = vi.fn(
    opts.submit ?? (async (_input: SubmitReviewInput): Promise<SubmitReviewResult> => ({ ok: true, review: review('r1', 'pending') })),
  );
  const eligibility = opts.eligibility ?? { status: 'eligible', orderLineId: 'L7' };
  const find = vi.fn(async (_input: { productId: string }): Promise<ReviewEligibility> =>
    typeof eligibility === 'function' ? eligibility() : eligibility,
  );
  const machine = reviewMachine.provide({
    actors: {
      findReviewableLine: fromPromise(({ input }: { input: { productId: string } }) => find(input)),
      submitReview: fromPromise(({ input }: { input: SubmitReviewInput }) => submit(input)),
    },
  });
  const actor = createActor(machine, { input: { productId: 'P1' } }).start();
  return { actor, submit, find };
}

function fillValid(actor: ReturnType<typeof start>['actor']) {
  actor.send({ type: 'review.change', field: 'rating', value: 4 });
  actor.send({ type: 'review.change', field: 'summary', value: '  Lovely bag  ' });
  actor.send({ type: 'review.change', field: 'body', value: 'Sturdy, roomy and the colour is as shown.' });
}

describe('review machine', () => {
  it('lets a customer who bought the product edit once the reviewable line is found', async () => {
    const { actor, find } = start({});
    const snap = await waitFor(actor, (s) => s.matches('editing'));
    expect(find).toHaveBeenCalledWith({ productId: 'P1' });
    expect(snap.context.orderLineId).toBe('L7');
  });

  it.each([['anonymous'], ['not-purchased'], ['already-reviewed']] as const)('explains why a %s shopper cannot review', async (status) => {
    const { actor } = start({ eligibility: { status } });
    const snap = await waitFor(actor, (s) => s.matches('ineligible'));
    expect(snap.context.ineligibleReason).toBe(status);
    expect(snap.can({ type: 'review.submit' })).toBe(false);
  });

  it('offers a retry when the eligibility check fails, and re-checks', async () => {
    let calls = 0;
    const { actor } = start({
      eligibility: async () => {
        calls += 1;
        if (calls === 1) throw new Error('offline');
        return { status: 'eligible', orderLineId: 'L9' };
      },
    });
    await waitFor(actor, (s) => s.matches('checkFailed'));
    actor.send({ type: 'review.retry' });
    const snap = await waitFor(actor, (s) => s.matches('editing'));
    expect(snap.context.orderLineId).toBe('L9');
  });

  it('does not submit an invalid review and reports each field', async () => {
    const { actor, submit } = start({});
    await waitFor(actor, (s) => s.matches('editing'));
    actor.send({ type: 'review.change', field: 'summary', value: ' a ' });
    actor.send({ type: 'review.submit' });
    const snap = actor.getSnapshot();
    expect(snap.matches('editing')).toBe(true);
    expect(snap.context.fieldErrors).toEqual({
      rating: 'rating.required',
      summary: 'summary.tooShort',
      body: 'body.tooShort',
    });
    expect(submit).not.toHaveBeenCalled();
  });

  it('clears a field error as soon as that field changes', async () => {
    const { actor } = start({});
    await waitFor(actor, (s) => s.matches('editing'));
    actor.send({ type: 'review.submit' });
    actor.send({ type: 'review.change', field: 'rating', value: 5 });
    expect(actor.getSnapshot().context.fieldErrors.rating).toBeUndefined();
    expect(actor.getSnapshot().context.fieldErrors.body).toBe('body.tooShort');
  });

  it('submits trimmed values with the order line and shows the returned state', async () => {
    const { actor, submit } = start({
      submit: async () => ({ ok: true, review: review('r5', 'pending') }),
    });
    await waitFor(actor, (s) => s.matches('editing'));
    fillValid(actor);
    actor.send({ type: 'review.submit' });
    const snap = await waitFor(actor, (s) => s.matches('submitted'));
    expect(submit).toHaveBeenCalledWith({
      productId: 'P1',
      orderLineId: 'L7',
      rating: 4,
      summary: 'Lovely bag',
      body: 'Sturdy, roomy and the colour is as shown.',
    });
    expect(snap.context.submitted).toEqual({ id: 'r5', state: 'pending' });
    expect(snap.status).toBe('done');
  });

  it('ignores a second submit while the first is in flight', async () => {
    const pending = deferred<SubmitReviewResult>();
    const { actor, submit } = start({ submit: () => pending.promise });
    await waitFor(actor, (s) => s.matches('editing'));
    fillValid(actor);
    actor.send({ type: 'review.submit' });
    actor.send({ type: 'review.submit' });
    expect(actor.getSnapshot().matches('submitting')).toBe(true);
    pending.resolve({ ok: true, review: review('r1', 'pending') });
    await waitFor(actor, (s) => s.matches('submitted'));
    expect(submit).toHaveBeenCalledTimes(1);
  });

  it('keeps what the shopper typed when the server rejects a field', async () => {
    const { actor } = start({
      submit: async () => ({ ok: false, code: 'REVIEW_INPUT_ERROR', message: 'Too short', field: 'body' }),
    });
    await waitFor(actor, (s) => s.matches('editing'));
    fillValid(actor);
    actor.send({ type: 'review.submit' });
    await waitFor(actor, (s) => s.context.submitError !== null);
    const snap = actor.getSnapshot();
    expect(snap.matches('editing')).toBe(true);
    expect(snap.context.values.summary).toBe('  Lovely bag  ');
    expect(snap.context.fieldErrors.body).toBe('server');
    expect(snap.context.submitError).toMatchObject({ code: 'REVIEW_INPUT_ERROR', message: 'Too short' });
  });

  it('keeps the text and allows a resubmit after a network failure', async () => {
    let calls = 0;
    const { actor, submit } = start({
      submit: async () => {
        calls += 1;
        if (calls === 1) throw new Error('Failed to fetch');
        return { ok: true, review: review('r2', 'approved') };
      },
    });
    await waitFor(actor, (s) => s.matches('editing'));
    fillValid(actor);
    actor.send({ type: 'review.submit' });
    await waitFor(actor, (s) => s.context.submitError !== null);
    expect(actor.getSnapshot().context.submitError).toEqual({ ok: false, code: 'NETWORK', message: 'Failed to fetch' });
    expect(actor.getSnapshot().context.values.rating).toBe(4);
    actor.send({ type: 'review.submit' });
    const snap = await waitFor(actor, (s) => s.matches('submitted'));
    expect(snap.context.submitError).toBeNull();
    expect(submit).toHaveBeenCalledTimes(2);
  });

  it('shows the rate limit and stays editable', async () => {
    const { actor } = start({
      submit: async () => ({ ok: false, code: 'RATE_LIMIT_ERROR', message: 'Slow down', retryAfterSeconds: 30 }),
    });
    await waitFor(actor, (s) => s.matches('editing'));
    fillValid(actor);
    actor.send({ type: 'review.submit' });
    const snap = await waitFor(actor, (s) => s.context.submitError !== null);
    expect(snap.matches('editing')).toBe(true);
    expect(snap.context.submitError).toMatchObject({ code: 'RATE_LIMIT_ERROR', retryAfterSeconds: 30 });
  });

  it.each([
    ['REVIEW_ALREADY_SUBMITTED_ERROR', 'already-reviewed'],
    ['REVIEW_NOT_ALLOWED_ERROR', 'not-purchased'],
  ] as const)('moves to ineligible when the server answers %s', async (code, reason) => {
    const { actor } = start({ submit: async () => ({ ok: false, code, message: 'no' }) });
    await waitFor(actor, (s) => s.matches('editing'));
    fillValid(actor);
    actor.send({ type: 'review.submit' });
    const snap = await waitFor(actor, (s) => s.matches('ineligible'));
    expect(snap.context.ineligibleReason).toBe(reason);
  });
});
