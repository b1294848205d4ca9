import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { reviewMachine, type ReviewEligibility, type SubmitReviewResult } from '../../../../machines/review.machine';
import { ConnectedReviewForm } from '../../../../src/containers/review-form-container';
import { renderWithApp } from '../../helpers/render';

function startActor(eligibility: ReviewEligibility, submit: () => Promise<SubmitReviewResult>) {
  const actor = createActor(
    reviewMachine.provide({
      actors: {
        findReviewableLine: fromPromise(async () => eligibility),
        submitReview: fromPromise(submit),
      },
    }),
    { input: { productId: 'P1' } },
  );
  actor.start();
  return actor;
}

const flush = () => act(() => new Promise((r) => setTimeout(r, 0)));

describe('<ReviewForm>', () => {
  afterEach(cleanup);

  it('tells a guest to sign in instead of showing the form', async () => {
    const actor = startActor({ status: 'anonymous' }, async () => {
      throw new Error('not called');
    });
    renderWithApp(<ConnectedReviewForm actor={actor} send={(event) => actor.send(event)} />, { path: '/en/products/bag' });
    await flush();
    expect(screen.getByText('Sign in to review this product.')).toBeTruthy();
    // Back to this product's reviews after signing in.
    expect(screen.getByRole('link', { name: 'Sign in' }).getAttribute('href')).toBe('/en/auth?redirect=%2Fproducts%2Fbag%23reviews');
    expect(screen.queryByRole('button', { name: 'Submit review' })).toBeNull();
  });

  it('marks invalid fields with their messages and keeps the typed text', async () => {
    const actor = startActor({ status: 'eligible', orderLineId: 'L1' }, async () => {
      throw new Error('not called');
    });
    renderWithApp(<ConnectedReviewForm actor={actor} send={(event) => actor.send(event)} />, { path: '/en/products/bag' });
    await flush();
    const title = screen.getByLabelText('Title') as HTMLInputElement;
    fireEvent.change(title, { target: { value: 'No' } });
    fireEvent.click(screen.getByRole('button', { name: 'Submit review' }));
    await flush();
    expect(screen.getByText('Choose a rating from 1 to 5 stars.')).toBeTruthy();
    expect(screen.getByText('Give your review a title of at least 3 characters.')).toBeTruthy();
    expect(title.getAttribute('aria-invalid')).toBe('true');
    expect(title.value).toBe('No');
    // The message is tied to the field for screen readers.
    const describedBy = title.getAttribute('aria-describedby')!;
    expect(document.getElementById(describedBy)?.textContent).toBe('Give your review a title of at least 3 characters.');
  });

  it('shows the server’s message at the field it rejected, then the moderation notice on success', async () => {
    let calls = 0;
    const actor = startActor({ status: 'eligible', orderLineId: 'L1' }, async () => {
      calls += 1;
      if (calls === 1) return { ok: false, code: 'REVIEW_INPUT_ERROR', message: 'Body contains a link', field: 'body' };
      return {
        ok: true,
        review: {
          id: 'r1',
          state: 'pending',
          createdAt: '',
          summary: '',
          body: '',
          rating: 5,
          authorName: '',
          isAuthor: true,
          languageCode: 'en',
        },
      };
    });
    renderWithApp(<ConnectedReviewForm actor={actor} send={(event) => actor.send(event)} />, { path: '/en/products/bag' });
    await flush();
    fireEvent.click(screen.getByRole('radio', { name: '5 out of 5 stars' }));
    fireEvent.change(screen.getByLabelText('Title'), { target: { value: 'Great bag' } });
    fireEvent.change(screen.getByLabelText('Your review'), { target: { value: 'See https://example.com for more' } });
    fireEvent.click(screen.getByRole('button', { name: 'Submit review' }));
    await flush();
    expect(screen.getByText('Body contains a link')).toBeTruthy();
    expect((screen.getByLabelText('Your review') as HTMLTextAreaElement).value).toBe('See https://example.com for more');
    fireEvent.click(screen.getByRole('button', { name: 'Submit review' }));
    await flush();
    expect(screen.getByRole('status').textContent).toBe('Thank you! Your review will appear once it has been checked.');
  });
});
