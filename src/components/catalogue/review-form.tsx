import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { useEffect, useId, useRef } from 'react';
import type { IneligibleReason, ReviewContext, ReviewEvent, ReviewFieldErrors } from '../../../machines/review.machine';
import { REVIEW_LIMITS, type ReviewField } from '../../../machines/schemas/review.schema';
import { useLocation } from 'react-router';
import { stripLocalePrefix } from '../../i18n/paths';
import { signInHref } from '../cart/safe-redirect';
import { LocaleLink } from '../locale-link/locale-link';
import { useLocale } from '../../lib/use-locale';
import { formatNumber } from './format';

/** What the form shows of the review machine (src/containers/review-form-container.tsx selects it). */
export interface ReviewFormView {
  /** The machine's state: checking, checkFailed, ineligible, editing, submitting or submitted. */
  state: string;
  values: ReviewContext['values'];
  fieldErrors: ReviewFieldErrors;
  submitError: ReviewContext['submitError'];
  reason: ReviewContext['ineligibleReason'];
  submitted: ReviewContext['submitted'];
  /** Whether the machine takes a submit now (not while one is out). */
  canSubmit: boolean;
}

const FIELD_ERRORS: Record<Exclude<NonNullable<ReviewFieldErrors[ReviewField]>, 'server'>, MessageDescriptor> = {
  'rating.required': msg`Choose a rating from 1 to 5 stars.`,
  'summary.tooShort': msg`Give your review a title of at least ${REVIEW_LIMITS.summaryMin} characters.`,
  'summary.tooLong': msg`Keep the title under ${REVIEW_LIMITS.summaryMax} characters.`,
  'body.tooShort': msg`Tell us a little more (at least ${REVIEW_LIMITS.bodyMin} characters).`,
  'body.tooLong': msg`Keep your review under ${REVIEW_LIMITS.bodyMax} characters.`,
  'text.invalidCharacters': msg`This text contains hidden or broken characters (often from pasted text). Please retype it.`,
};

const INELIGIBLE: Record<IneligibleReason, MessageDescriptor> = {
  anonymous: msg`Sign in to review this product.`,
  'not-purchased': msg`Only customers who bought this product can review it.`,
  'already-reviewed': msg`You have already reviewed this product. Thank you!`,
};

/**
 * The review form: the review machine's view in, its events out. Loaded lazily (only when the
 * shopper asks to write a review), so product pages do not ship it.
 */
export function ReviewForm({ view, send }: { view: ReviewFormView; send: (event: ReviewEvent) => void }) {
  const { t, i18n } = useLingui();
  const locale = useLocale();
  const { pathname } = useLocation();
  const id = useId();
  const { state, values, fieldErrors, submitError, reason, submitted, canSubmit } = view;
  const formRef = useRef<HTMLFormElement>(null);

  // After a rejected submit, move focus to the first invalid field (WCAG 3.3.1).
  useEffect(() => {
    const first = (['rating', 'summary', 'body'] as const).find((f) => fieldErrors[f]);
    if (!first || !formRef.current) return;
    const el = formRef.current.querySelector<HTMLElement>(`[data-field="${first}"]`);
    if (el && !el.contains(document.activeElement)) el.focus();
  }, [fieldErrors]);

  if (state === 'checking') {
    return <p className="review-form__status" role="status">{t`Checking whether you can review this product…`}</p>;
  }
  if (state === 'checkFailed') {
    return (
      <div className="notice notice--error" role="alert">
        <p>{t`We could not check your orders. Please try again.`}</p>
        <button type="button" className="button button--secondary" onClick={() => send({ type: 'review.retry' })}>
          {t`Try again`}
        </button>
      </div>
    );
  }
  if (state === 'ineligible' && reason) {
    return (
      <div className="notice" role="status">
        <p>{i18n._(INELIGIBLE[reason])}</p>
        {reason === 'anonymous' && (
          <LocaleLink to={signInHref(stripLocalePrefix(pathname) + '#reviews')} className="button button--secondary">
            {t`Sign in`}
          </LocaleLink>
        )}
      </div>
    );
  }
  if (state === 'submitted' && submitted) {
    return (
      <div className="notice notice--success" role="status" data-review-state={submitted.state}>
        {submitted.state === 'approved'
          ? t`Thank you! Your review is published.`
          : t`Thank you! Your review will appear once it has been checked.`}
      </div>
    );
  }

  const submitting = state === 'submitting';
  const errorText = (field: ReviewField) => {
    const code = fieldErrors[field];
    if (!code) return null;
    if (code === 'server') return submitError?.message ?? null;
    return i18n._(FIELD_ERRORS[code]);
  };
  const generalError =
    submitError === null || (submitError.code === 'REVIEW_INPUT_ERROR' && fieldErrors[submitError.field as ReviewField])
      ? null
      : submitError.code === 'NETWORK'
        ? submitError.unavailable
          ? t`The store is briefly unavailable. Try again in a moment; nothing you entered is lost.`
          : t`Your review could not be sent. Check your connection and try again.`
        : submitError.code === 'RATE_LIMIT_ERROR'
          ? t`You have sent several reviews in a short time. Please try again later.`
          : submitError.message;

  const ratingError = errorText('rating');
  const summaryError = errorText('summary');
  const bodyError = errorText('body');

  return (
    <form
      ref={formRef}
      className="review-form"
      noValidate
      aria-busy={submitting}
      onSubmit={(e) => {
        e.preventDefault();
        send({ type: 'review.submit' });
      }}
    >
      {generalError && (
        <p className="notice notice--error" role="alert">
          {generalError}
        </p>
      )}
      <fieldset
        className="review-form__rating"
        aria-describedby={ratingError ? `${id}-rating-error` : undefined}
        data-field="rating"
        tabIndex={-1}
      >
        <legend className="field__label">{t`Your rating`}</legend>
        <div className="star-input">
          {[1, 2, 3, 4, 5].map((n) => (
            <label key={n} className="star-input__option">
              <input
                type="radio"
                name="rating"
                value={n}
                checked={values.rating === n}
                aria-invalid={ratingError ? true : undefined}
                onChange={() => send({ type: 'review.change', field: 'rating', value: n })}
              />
              <span className="star-input__star" aria-hidden="true" data-on={values.rating >= n || undefined}>
                ★
              </span>
              <span className="visually-hidden">{t`${formatNumber(n, locale)} out of ${formatNumber(5, locale)} stars`}</span>
            </label>
          ))}
        </div>
        {ratingError && (
          <p id={`${id}-rating-error`} className="field__error">
            {ratingError}
          </p>
        )}
      </fieldset>
      <div className="field">
        <label className="field__label" htmlFor={`${id}-summary`}>
          {t`Title`}
        </label>
        <input
          id={`${id}-summary`}
          data-field="summary"
          className="field__input"
          name="summary"
          maxLength={REVIEW_LIMITS.summaryMax}
          value={values.summary}
          aria-invalid={summaryError ? true : undefined}
          aria-describedby={summaryError ? `${id}-summary-error` : undefined}
          onChange={(e) => send({ type: 'review.change', field: 'summary', value: e.target.value })}
        />
        {summaryError && (
          <p id={`${id}-summary-error`} className="field__error">
            {summaryError}
          </p>
        )}
      </div>
      <div className="field">
        <label className="field__label" htmlFor={`${id}-body`}>
          {t`Your review`}
        </label>
        <textarea
          id={`${id}-body`}
          data-field="body"
          className="field__input"
          name="body"
          maxLength={REVIEW_LIMITS.bodyMax}
          value={values.body}
          aria-invalid={bodyError ? true : undefined}
          aria-describedby={bodyError ? `${id}-body-error` : undefined}
          onChange={(e) => send({ type: 'review.change', field: 'body', value: e.target.value })}
        />
        {bodyError && (
          <p id={`${id}-body-error`} className="field__error">
            {bodyError}
          </p>
        )}
      </div>
      <button type="submit" className="button button--primary" disabled={!canSubmit}>
        {submitting ? t`Sending…` : t`Submit review`}
      </button>
    </form>
  );
}
