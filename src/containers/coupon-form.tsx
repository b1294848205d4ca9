import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useId, useRef, useState } from 'react';
import type { Actor } from 'xstate';
import { useActorSelector } from './use-actor-selector';
import { usePageActor } from './use-page-actor';
import { couponErrorText } from '../components/cart/cart-messages';
import type { couponMachine, CouponEvent } from '../../machines/coupon.machine';

/** How long after an answer the form follows the layout of the column around it. */
const ANSWER_SETTLES_MS = 3000;

/** Apply/remove coupon codes; each refusal (expired, invalid, limit reached) has its own message. */
export function CouponForm({ appliedCodes }: { appliedCodes: readonly string[] }) {
  // Not eager: the cart page is server-rendered with its lines, the actors come when the page is
  // idle (or at once, when a code is submitted before: the event waits for them).
  const { actor, send } = usePageActor('coupon', { eager: false });
  return <CouponFormFor actor={actor} send={send} appliedCodes={appliedCodes} />;
}

/** The same form for a coupon actor someone else runs (the checkout's review step child). */
export function CouponFormFor({
  actor,
  send,
  appliedCodes,
}: {
  actor: Actor<typeof couponMachine> | null;
  send: (event: CouponEvent) => void;
  appliedCodes: readonly string[];
}) {
  const { t, i18n } = useLingui();
  const [code, setCode] = useState('');
  const inputId = useId();
  const input = useRef<HTMLInputElement>(null);
  const errorId = useId();
  const busy = useActorSelector(actor, (s) => !s.matches('idle'), false);
  // One coupon call at a time: the machine takes no order while one is out (before it has started,
  // usePageActor queues the order).
  const canApply = useActorSelector(actor, (s) => s.can({ type: 'coupon.apply', code: '' }), true);
  const canRemove = useActorSelector(actor, (s) => s.can({ type: 'coupon.remove', code: '' }), true);
  const error = useActorSelector(actor, (s) => s.context.error, null);
  const last = useActorSelector(actor, (s) => s.context.last, null);
  const applied = useActorSelector(actor, (s) => s.context.applied, null);

  // An answer grows the totals above the form (a discount line), and what follows the new total
  // (the shipping estimate, the instalment plans) grows them again when it arrives: the field and the
  // answer went out of view (issue 39 (5)). While the shopper is working in the form, it is brought
  // back into view, clear of the sticky header (the scroll padding), each time the column around it
  // is laid out anew in the seconds after the answer.
  const section = useRef<HTMLElement>(null);
  const answer = error ? `error:${error.code}` : applied && appliedCodes.includes(applied) ? `applied:${applied}` : null;
  useEffect(() => {
    const box = section.current;
    if (!answer || !box || !box.contains(document.activeElement)) return;
    const keepInView = () => {
      if (box.contains(document.activeElement)) box.scrollIntoView({ block: 'nearest' });
    };
    const frame = requestAnimationFrame(keepInView);
    const column = box.parentElement;
    const observer = column && typeof ResizeObserver !== 'undefined' ? new ResizeObserver(keepInView) : null;
    if (column) observer?.observe(column);
    const settle = setTimeout(() => observer?.disconnect(), ANSWER_SETTLES_MS);
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(settle);
      observer?.disconnect();
    };
  }, [answer]);

  return (
    <section ref={section} className="coupon" aria-labelledby={`${inputId}-title`}>
      <h2 id={`${inputId}-title`} className="coupon__title">
        <Trans>Coupon</Trans>
      </h2>
      <form
        className="coupon__form"
        onSubmit={(e) => {
          e.preventDefault();
          if (canApply) send({ type: 'coupon.apply', code });
        }}
      >
        <label htmlFor={inputId} className="coupon__label">
          <Trans>Coupon code</Trans>
        </label>
        <div className="coupon__row">
          <input
            ref={input}
            id={inputId}
            className="coupon__input"
            value={code}
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            dir="ltr"
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? errorId : undefined}
            onChange={(e) => setCode(e.target.value)}
          />
          {/* aria-disabled, not disabled: a button pressed from the keyboard keeps the focus while the call runs. */}
          <button type="submit" className="button button--primary" aria-disabled={!canApply || undefined} aria-busy={busy || undefined}>
            <Trans>Apply</Trans>
          </button>
        </div>
      </form>
      <div aria-live="polite">
        {error && (
          <p id={errorId} className="coupon__error">
            {couponErrorText(i18n, error, last?.code ?? code)}{' '}
            {error.code === 'NETWORK' && (
              <button type="button" className="link-button" onClick={() => send({ type: 'coupon.retry' })}>
                <Trans>Try again</Trans>
              </button>
            )}
          </p>
        )}
        {!error && applied && appliedCodes.includes(applied) && (
          <p className="coupon__ok">
            <Trans>Coupon {applied} applied.</Trans>
          </p>
        )}
      </div>
      {appliedCodes.length > 0 && (
        <ul className="coupon__applied" aria-label={t`Applied coupons`}>
          {appliedCodes.map((c) => (
            <li key={c}>
              <bdi className="coupon__code">{c}</bdi>
              <button
                type="button"
                className="link-button"
                disabled={!canRemove}
                onClick={() => {
                  // The button goes with its coupon: the code field is where the shopper continues.
                  input.current?.focus();
                  send({ type: 'coupon.remove', code: c });
                }}
                aria-label={t`Remove coupon ${c}`}
              >
                <Trans>Remove</Trans>
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
