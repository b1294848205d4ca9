import { Trans, useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { useAppActor } from './app-actors';
import { useActorSelector } from './use-actor-selector';
import { LocaleLink } from '../components/locale-link/locale-link';
import { cartErrorText } from '../components/cart/cart-messages';
import { cartFailure } from '../../machines/cart.selectors';

/** What the last cart action did: added, capped by stock, or failed (with retry). */
export function CartStatus() {
  const { i18n } = useLingui();
  const { actor: cart, send } = useAppActor('cart');
  const failed = useActorSelector(cart, (s) => cartFailure(s.context), null);
  const stock = useActorSelector(cart, (s) => s.context.stockNotice, null);
  const lastDone = useActorSelector(cart, (s) => s.context.lastDone, null);
  const busy = useActorSelector(cart, (s) => s.matches('mutating'), false);
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
  } else if (lastDone?.kind === 'add' && !busy) {
    body = (
      <div className="cart-status__box" role="status">
        <p>
          <Trans>Added to your cart.</Trans>{' '}
          <LocaleLink to="/cart">
            <Trans>View cart</Trans>
          </LocaleLink>
        </p>
        <button type="button" className="button button--secondary" onClick={() => void send({ type: 'cart.dismiss' })}>
          <Trans>Dismiss</Trans>
        </button>
      </div>
    );
  }
  return <div className="cart-status">{body}</div>;
}
