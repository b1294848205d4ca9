import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useRef, type ReactNode, type RefObject } from 'react';
import { useAppActor } from './app-actors';
import { useActorSelector } from './use-actor-selector';
import { LocaleLink } from '../components/locale-link/locale-link';
import { cartErrorText } from '../components/cart/cart-messages';
import { cartFailure } from '../../machines/cart.selectors';

/** What the last cart action did when it needs the shopper: capped by stock, or failed (with retry). */
export function CartStatus() {
  const { i18n } = useLingui();
  const { actor: cart, send } = useAppActor('cart');
  const failed = useActorSelector(cart, (s) => cartFailure(s.context), null);
  const stock = useActorSelector(cart, (s) => s.context.stockNotice, null);
  const canRetry = useActorSelector(cart, (s) => s.can({ type: 'cart.retry' }), false);

  let body: ReactNode = null;
  if (failed) {
    body = (
      <div className="cart-status__box cart-status__box--error" role="alert">
        <p>{cartErrorText(i18n, failed)}</p>
        <div className="cart-status__actions">
          {canRetry && (
            <button type="button" className="button button--primary" onClick={() => void send({ type: 'cart.retry' })}>
              <Trans>Try again</Trans>
            </button>
          )}
          <button type="button" className="button button--secondary" onClick={() => void send({ type: 'cart.dismiss' })}>
            <Trans>Dismiss</Trans>
          </button>
        </div>
      </div>
    );
  } else if (stock) {
    body = (
      <div className="cart-status__box cart-status__box--warning" role="status">
        <p>
          <Trans>Only {stock.quantityAvailable} available. Your cart now has what is in stock.</Trans>
        </p>
        <button type="button" className="button button--secondary" onClick={() => void send({ type: 'cart.dismiss' })}>
          <Trans>Dismiss</Trans>
        </button>
      </div>
    );
  }
  return <div className="cart-status">{body}</div>;
}

/**
 * "Added to your cart" beside the button that added (the catalogue renders it through
 * `renderAddedNotice`). On phones it stays there, in the flow of the page, so it covers nothing
 * (issue 39); from 48em (768 px at the default text size) it is fixed to the corner. Announced by the bridge's live region, so
 * no role here. Dismiss hands focus back to the button. It does not stay for good: it goes once
 * focus moves on past it (to anything but its button and itself) or a press lands elsewhere —
 * so the fixed card never sits over the element that has focus.
 */
export function AddedNotice({ trigger, onDismiss }: { trigger: RefObject<HTMLElement | null>; onDismiss: () => void }) {
  const { send } = useAppActor('cart');
  const root = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const box = root.current;
    if (!box) return;
    const ours = (node: EventTarget | null) => node instanceof Node && (box.contains(node) || !!trigger.current?.contains(node));
    let timer: ReturnType<typeof setTimeout> | undefined;
    const onFocusOut = () => {
      clearTimeout(timer);
      // where focus went is known once the move is over; a switch to another window keeps it here
      timer = setTimeout(() => {
        if (document.hasFocus() && !ours(document.activeElement)) void send({ type: 'cart.dismiss' });
      }, 0);
    };
    const onPointerDown = (event: PointerEvent) => {
      if (!ours(event.target)) void send({ type: 'cart.dismiss' });
    };
    const button = trigger.current;
    button?.addEventListener('focusout', onFocusOut);
    box.addEventListener('focusout', onFocusOut);
    document.addEventListener('pointerdown', onPointerDown);
    return () => {
      clearTimeout(timer);
      button?.removeEventListener('focusout', onFocusOut);
      box.removeEventListener('focusout', onFocusOut);
      document.removeEventListener('pointerdown', onPointerDown);
    };
  }, [trigger, send]);
  return (
    <div className="cart-status cart-status--added" ref={root}>
      <div className="cart-status__box">
        <p>
          <Trans>Added to your cart.</Trans>{' '}
          <LocaleLink to="/cart">
            <Trans>View cart</Trans>
          </LocaleLink>
        </p>
        <button
          type="button"
          className="button button--secondary"
          onClick={() => {
            onDismiss();
            void send({ type: 'cart.dismiss' });
          }}
        >
          <Trans>Dismiss</Trans>
        </button>
      </div>
    </div>
  );
}
