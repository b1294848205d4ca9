import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import type { ReactNode } from 'react';
import type { Route } from './+types/wishlist';
import { AppActorsGate, useAppActors } from '../../app/app-actors';
import { EmptyState } from '../../components/catalogue/empty-state';
import { LocaleLink } from '../../components/locale-link/locale-link';
import { WishlistList } from '../../components/wishlist/wishlist-list';
import { routeMeta } from '../../seo/route-meta';

export const meta: Route.MetaFunction = (args) =>
  routeMeta(args, {
    title: msg`Wishlist`,
    description: msg`The products you saved for later.`,
    noindex: true,
  });

export default function WishlistPage() {
  const { i18n } = useLingui();
  const loadingBox = <div className="cart-skeleton" role="status" aria-label={i18n._(msg`Loading your wishlist`)} />;
  return (
    <div className="container cart-page">
      <h1 className="cart-page__title">
        <Trans>Wishlist</Trans>
      </h1>
      <AppActorsGate fallback={loadingBox}>
        <WishlistContents loadingBox={loadingBox} />
      </AppActorsGate>
    </div>
  );
}

function WishlistContents({ loadingBox }: { loadingBox: ReactNode }) {
  const { i18n } = useLingui();
  const { cart, wishlist } = useAppActors();
  const items = useSelector(wishlist, (s) => s.context.items);
  const loading = useSelector(wishlist, (s) => s.matches('loading') || s.matches('merging'));
  const error = useSelector(wishlist, (s) => s.context.error);
  const hydrated = useSelector(wishlist, (s) => s.status === 'active');

  return (
    <>
      {error?.code === 'LOAD_FAILED' && (
        <div role="alert" className="cart-page__failed">
          <p>
            <Trans>Your wishlist could not be loaded.</Trans>
          </p>
          <button type="button" className="button button--primary" onClick={() => wishlist.send({ type: 'wishlist.retry' })}>
            <Trans>Try again</Trans>
          </button>
        </div>
      )}
      {error?.code === 'NETWORK' && (
        <p role="alert" className="cart-page__failed">
          <Trans>We could not reach the store. Check your connection and try again.</Trans>
        </p>
      )}
      {!hydrated || loading ? (
        loadingBox
      ) : items.length === 0 ? (
        <EmptyState title={i18n._(msg`Your wishlist is empty.`)}>
          <LocaleLink className="button button--primary" to="/products">
            <Trans>Discover products</Trans>
          </LocaleLink>
        </EmptyState>
      ) : (
        <WishlistList
          items={items}
          onMoveToCart={(item) => {
            if (!item.variantId) return;
            cart.send({ type: 'cart.add', variantId: item.variantId, quantity: 1 });
            wishlist.send({ type: 'wishlist.toggle', productId: item.id });
          }}
          onRemove={(item) => wishlist.send({ type: 'wishlist.toggle', productId: item.id })}
        />
      )}
    </>
  );
}
