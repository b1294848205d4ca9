import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useRef, type RefObject } from 'react';
import { useLoaderData } from 'react-router';
import type { Route } from './+types/cart';
import { useAppActor, useAppActorsHandle, useSessionSummary } from '../../containers/app-actors';
import { useActorSelector } from '../../containers/use-actor-selector';
import { usePageActor } from '../../containers/use-page-actor';
import { CartLine } from '../../components/cart/cart-line';
import { cartErrorText } from '../../components/cart/cart-messages';
import { CartSummary } from '../../components/cart/cart-summary';
import { CouponForm } from '../../containers/coupon-form';
import { checkoutHref } from '../../components/cart/safe-redirect';
import { EmptyState } from '../../components/catalogue/empty-state';
import { LocaleLink } from '../../components/locale-link/locale-link';
import { routeMeta } from '../../seo/route-meta';
import type { CartContext } from '../../../machines/cart.machine';
import type { Order } from '../../../services/cart.service';
import { cartFailure, lineQuantity } from '../../../machines/cart.selectors';
import { localeContext } from '../../i18n/locale-middleware.server';
import { loadPurchaseTerms } from '../../lib/purchase-terms.server';
import { privatePageHeaders } from '../guards.server';
import { loadServerCart } from './cart.server';
import { shippingKey } from './shipping-key';

/**
 * Issue 38 §2: the server renders the visitor's cart, read with their token cookie (cart.server.ts),
 * so the lines and the first photo are in the HTML; the browser's cart machine starts from the same
 * order (`cartSeed`, picked up by the app actors' provider) instead of asking again. The instalment
 * plans and delivery times are the same for every shopper (cached like catalogue reads).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const locale = context.get(localeContext);
  const [terms, cart] = await Promise.all([loadPurchaseTerms(locale), loadServerCart(request, locale)]);
  return { terms, ...cart };
}

/** Someone's own cart: never kept by the storefront's HTML cache, a CDN or a proxy. */
export const headers = privatePageHeaders;

export const meta: Route.MetaFunction = (args) =>
  routeMeta(args, {
    title: msg`Shopping cart`,
    description: msg`The products in your cart, their prices, VAT and the total.`,
    noindex: true,
  });

export default function CartPage() {
  const heading = useRef<HTMLHeadingElement>(null);
  return (
    <div className="container cart-page">
      {/* Focusable from script: where focus goes when the last line leaves the cart. */}
      <h1 className="cart-page__title" ref={heading} tabIndex={-1}>
        <Trans>Shopping cart</Trans>
      </h1>
      <CartContents heading={heading} />
    </div>
  );
}

const NO_QUEUE: CartContext['queue'] = [];

function CartContents({ heading }: { heading: RefObject<HTMLHeadingElement | null> }) {
  const { i18n } = useLingui();
  // Until the app's actors are there (server, hydration) the page shows the order its loader read;
  // the cart machine then starts from that same order (its seed), so nothing moves when it arrives.
  const { cartSeed } = useLoaderData<typeof loader>();
  const { actors, load } = useAppActorsHandle();
  const { actor: cart, send } = useAppActor('cart');
  const machineOrder = useActorSelector(cart, (s) => s.context.order, null);
  const order = cart ? machineOrder : (cartSeed?.order ?? null);
  const queue = useActorSelector(cart, (s) => s.context.queue, NO_QUEUE);
  // Waiting for the session's token counts as loading: the cart has not asked yet. Without the
  // actors, the page is loading only when the server could not read the cart (no seed).
  const loading = useActorSelector(cart, (s) => s.matches('waiting') || s.matches('loading'), cartSeed === null);
  const loadFailed = useActorSelector(cart, (s) => (s.matches('loadFailed') ? cartFailure(s.context) : null), null);
  // The server could not read the cart: ask for the actors at once (they fetch it). With a seed
  // they come when the page is idle (or at the first click), not competing with its first paint.
  useEffect(() => {
    if (cartSeed === null && !actors) void load();
  }, [cartSeed, actors, load]);
  const session = useSessionSummary();
  // Before the session's check answers, the order says whose it is (a guest's has no customer).
  const loggedIn = session.known ? session.loggedIn : Boolean(order?.customer);
  // A removed line takes its buttons with it: focus goes to the line that takes its place (or the
  // one before, at the end), or to the page heading once the cart is empty, rather than to <body>.
  const list = useRef<HTMLUListElement>(null);
  const focusLine = useRef<{ index: number; count: number } | null>(null);
  const lines = order?.lines;
  useEffect(() => {
    const removed = focusLine.current;
    if (removed === null || !lines) return;
    const rows = list.current?.querySelectorAll<HTMLElement>(':scope > li');
    if (rows && rows.length >= removed.count) return; // not gone yet (the removal is on its way)
    focusLine.current = null;
    if (!rows?.length) heading.current?.focus();
    else rows[Math.min(removed.index, rows.length - 1)]!.querySelector<HTMLElement>('a[href]')?.focus();
  }, [lines, heading]);

  if (loadFailed) {
    return (
      <div className="cart-page__failed" role="alert">
        <p>{cartErrorText(i18n, loadFailed)}</p>
        <button type="button" className="button button--primary" onClick={() => void send({ type: 'cart.retry' })}>
          <Trans>Try again</Trans>
        </button>
      </div>
    );
  }
  if (loading && !order) return <CartSkeleton />;
  if (!order || order.lines.length === 0) {
    return (
      <EmptyState title={i18n._(msg`Your cart is empty.`)}>
        <LocaleLink className="button button--primary" to="/products">
          <Trans>Start shopping</Trans>
        </LocaleLink>
      </EmptyState>
    );
  }
  return (
    <div className="cart-page__layout" aria-busy={loading || undefined}>
      <ul className="cart-lines" aria-label={i18n._(msg`Products in your cart`)} ref={list}>
        {order.lines.map((line, index) => (
          <CartLine
            key={line.id}
            line={line}
            // the first line's photo is the page's largest paint: eager, high priority
            priority={index === 0}
            pendingQuantity={lineQuantity({ queue }, line.id)}
            onQuantity={(lineId, quantity) => void send({ type: 'cart.setQuantity', lineId, quantity })}
            onRemove={(lineId) => {
              focusLine.current = { index, count: order.lines.length };
              void send({ type: 'cart.remove', lineId });
            }}
          />
        ))}
      </ul>
      <aside className="cart-page__aside">
        <ShippingAwareSummary order={order} />
        <CouponForm appliedCodes={order.couponCodes} />
        <LocaleLink className="button button--primary cart-page__checkout" to={checkoutHref(order.code, loggedIn)}>
          <Trans>Proceed to checkout</Trans>
        </LocaleLink>
        {!loggedIn && (
          <p className="cart-page__note">
            <Trans>You will be asked to sign in first; your cart stays as it is.</Trans>
          </p>
        )}
      </aside>
    </div>
  );
}

/** Asks for eligible shipping methods again whenever the cart's content changes. */
function ShippingAwareSummary({ order }: { order: Order }) {
  const orderKey = shippingKey(order);
  return <ShippingEstimate key={orderKey} orderKey={orderKey} order={order} />;
}

// The order comes from the page (the machine's, or the server's before the actors are there): the
// summary is in the server's HTML, so nothing below it moves when the actors arrive.
function ShippingEstimate({ orderKey, order }: { orderKey: string; order: Order }) {
  const { terms, shipping: served } = useLoaderData<typeof loader>();
  // With the server's estimate for this order there is no hurry: asked once the actors are there.
  const { actor: shipping } = usePageActor('shippingEstimate', { input: { orderKey }, eager: served?.key !== orderKey });
  // undefined while asking (and before the actor has started), null when it failed; until the
  // actor answers, the server's estimate for this same order stands (no change, no shift).
  const asked = useActorSelector(shipping, (s) => (s.status === 'done' ? s.output : s.status === 'error' ? null : undefined), undefined);
  const estimate = asked === undefined && served?.key === orderKey ? served.estimate : asked;
  return (
    <CartSummary order={order} shippingEstimate={estimate} installmentPlans={terms.installmentPlans} deliveryTimes={terms.deliveryTimes} />
  );
}

function CartSkeleton() {
  const { t } = useLingui();
  return (
    <div className="cart-skeleton" role="status" aria-label={t`Loading your cart`}>
      {[0, 1].map((i) => (
        <div key={i} className="cart-skeleton__line" aria-hidden="true">
          <span className="cart-skeleton__media" />
          <span className="cart-skeleton__text" />
        </div>
      ))}
    </div>
  );
}
