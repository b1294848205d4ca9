import { Trans, useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
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
 * `renderAddedNotice`); fixed to the corner on screen. Announced by the bridge's live region,
 * so no role here. Dismiss hands focus back to the button.
 */
export function AddedNotice({ onDismiss }: { onDismiss: () => void }) {
  const { send } = useAppActor('cart');
  return (
    <div className="cart-status cart-status--added">
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
