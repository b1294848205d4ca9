import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useRef, type ReactNode, type RefObject } from 'react';
import type { Route } from './+types/wishlist';
import { AppActorsGate, useAppActor } from '../../containers/app-actors';
import { useLocale } from '../../lib/use-locale';
import { useActorSelector } from '../../containers/use-actor-selector';
import { EmptyState } from '../../components/catalogue/empty-state';
import { LocaleLink } from '../../components/locale-link/locale-link';
import { WishlistList } from '../../components/wishlist/wishlist-list';
import { routeMeta } from '../../seo/route-meta';
import type { WishlistItem } from '../../../machines/wishlist.machine';

export const meta: Route.MetaFunction = (args) =>
  routeMeta(args, {
    title: msg`Wishlist`,
    description: msg`The products you saved for later.`,
    noindex: true,
  });

export default function WishlistPage() {
  const { i18n } = useLingui();
  const loadingBox = <div className="cart-skeleton" role="status" aria-label={i18n._(msg`Loading your wishlist`)} />;
  const heading = useRef<HTMLHeadingElement>(null);
  return (
    <div className="container cart-page">
      {/* Focusable from script: where focus goes when the last saved product leaves the list. */}
      <h1 className="cart-page__title" ref={heading} tabIndex={-1}>
        <Trans>Wishlist</Trans>
      </h1>
      <AppActorsGate fallback={loadingBox}>
        <WishlistContents loadingBox={loadingBox} heading={heading} />
      </AppActorsGate>
    </div>
  );
}

const NO_ITEMS: readonly WishlistItem[] = [];

function WishlistContents({ loadingBox, heading }: { loadingBox: ReactNode; heading: RefObject<HTMLHeadingElement | null> }) {
  const { i18n } = useLingui();
  // Inside <AppActorsGate>: both actors are there from the first render.
  const cart = useAppActor('cart');
  const { actor: wishlist, send } = useAppActor('wishlist');
  const items = useActorSelector(wishlist, (s) => s.context.items, NO_ITEMS);
  const loading = useActorSelector(wishlist, (s) => s.matches('loading') || s.matches('merging'), false);
  const error = useActorSelector(wishlist, (s) => s.context.error, null);
  const hydrated = useActorSelector(wishlist, (s) => s.status === 'active', false);
  const locale = useLocale();
  // The saved products' names in the page's language: the machine asks (a guest's) or reloads (a member's).
  useEffect(() => {
    void send({ type: 'wishlist.localize', locale });
  }, [send, locale]);

  return (
    <>
      {error?.code === 'LOAD_FAILED' && (
        <div role="alert" className="cart-page__failed">
          <p>
            <Trans>Your wishlist could not be loaded.</Trans>
          </p>
          <button type="button" className="button button--primary" onClick={() => void send({ type: 'wishlist.retry' })}>
            <Trans>Try again</Trans>
          </button>
        </div>
      )}
      {error?.code === 'NETWORK' && (
        <p role="alert" className="cart-page__failed">
          {error.unavailable ? (
            <Trans>The store is briefly unavailable. Try again in a moment; nothing you entered is lost.</Trans>
          ) : (
            <Trans>We could not reach the store. Check your connection and try again.</Trans>
          )}
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
          onEmptied={() => heading.current?.focus()}
          onMoveToCart={(item) => {
            if (!item.variantId) return;
            void cart.send({ type: 'cart.add', variantId: item.variantId, quantity: 1 });
            void send({ type: 'wishlist.toggle', productId: item.id });
          }}
          onRemove={(item) => void send({ type: 'wishlist.toggle', productId: item.id })}
        />
      )}
    </>
  );
}
