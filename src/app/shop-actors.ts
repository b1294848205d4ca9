/**
 * Part of the composition root (called from ./actors.ts): wires the cart, coupon and wishlist
 * machines to the Shop API, the session actor, local storage and the other tabs.
 */
import { createActor, fromPromise, waitFor, type Actor, type InspectionEvent } from 'xstate';
import { cartMachine, type CartIntent, type CartMutationResult } from '../../machines/cart.machine';
import { couponMachine } from '../../machines/coupon.machine';
import { wishlistMachine, type WishlistItem } from '../../machines/wishlist.machine';
import { addToCart, adjustCartLine, applyCouponCode, getActiveOrder, removeCartLine, removeCouponCode } from '../../services/cart.service';
import { getShippingMethods } from '../../services/checkout.service';
import type { ShopClient } from '../../services/client';
import { getWishList, mergeWishList, toggleFav } from '../../services/wishlist.service';
import { toProductCard } from '../lib/catalogue/view-models';
import type { sessionMachine } from '../../machines/session.machine';

export const GUEST_WISHLIST_KEY = 'wishlist_guest';
export const SYNC_CHANNEL = 'shop-sync';
/** The account's favourites are loaded in one page (hearts everywhere need every id). */
export const WISHLIST_TAKE = 100;

type SyncMessage = { type: 'cart' } | { type: 'wishlist' };

/** Cross-tab messages (BroadcastChannel in the browser; tests pass a fake or nothing). */
export interface TabChannel {
  post(message: SyncMessage): void;
  subscribe(listener: (message: SyncMessage) => void): () => void;
}

/** Where a guest's favourites live (local storage in the browser). */
export interface GuestWishlistStore {
  read(): WishlistItem[];
  write(items: WishlistItem[]): void;
  clear(): void;
}

export interface ShopActorsDeps {
  session: Actor<typeof sessionMachine>;
  client: () => ShopClient;
  guestWishlist: GuestWishlistStore;
  channel: TabChannel | null;
  inspect?: (event: InspectionEvent) => void;
}

export type CartActor = Actor<typeof cartMachine>;
export type WishlistActor = Actor<typeof wishlistMachine>;

/** Vendure's session starts on the first call without a token: wait for ours, so two never race. */
async function sessionSettled(session: ShopActorsDeps['session']): Promise<void> {
  await waitFor(session, (s) => !s.matches('starting') && !s.matches('creatingSession'), { timeout: 10_000 }).catch(() => undefined);
}

function mutate(client: ShopClient, intent: CartIntent): Promise<CartMutationResult> {
  switch (intent.kind) {
    case 'add':
      return addToCart(client, { productVariantId: intent.variantId, quantity: intent.quantity });
    case 'setQuantity':
      return adjustCartLine(client, { orderLineId: intent.lineId, quantity: intent.quantity });
    case 'remove':
      return removeCartLine(client, intent.lineId);
  }
}

export function toWishlistItem(card: ReturnType<typeof toProductCard>): WishlistItem {
  return { id: card.id, slug: card.slug, name: card.name, image: card.image, price: card.price, variantId: card.variantId };
}

export function createShopActors(deps: ShopActorsDeps) {
  const { session, client } = deps;

  const cart: CartActor = createActor(
    cartMachine.provide({
      actors: {
        fetchActiveOrder: fromPromise(async () => {
          await sessionSettled(session);
          return getActiveOrder(client());
        }),
        mutateCart: fromPromise(async ({ input }) => {
          await sessionSettled(session);
          return mutate(client(), input);
        }),
      },
      actions: {
        reportCounts: (_, params) => session.send({ type: 'session.countsChanged', cartCount: params.lineCount }),
        announceChange: () => deps.channel?.post({ type: 'cart' }),
      },
    }),
    { inspect: deps.inspect },
  );

  const wishlist: WishlistActor = createActor(
    wishlistMachine.provide({
      actors: {
        fetchWishList: fromPromise(async () => {
          const page = await getWishList(client(), { take: WISHLIST_TAKE });
          const now = new Date();
          return { items: page.items.map((p) => toWishlistItem(toProductCard(p, now))), count: page.totalItems };
        }),
        toggleFav: fromPromise(({ input }) => toggleFav(client(), input.productId)),
        mergeWishList: fromPromise(({ input }) => mergeWishList(client(), input.productIds)),
      },
      actions: {
        persistGuest: (_, params) => deps.guestWishlist.write(params.items),
        clearGuest: () => deps.guestWishlist.clear(),
        reportCount: (_, params) => session.send({ type: 'session.countsChanged', wishlistCount: params.count }),
        announceChange: () => deps.channel?.post({ type: 'wishlist' }),
      },
    }),
    { input: { guestItems: deps.guestWishlist.read() }, inspect: deps.inspect },
  );

  /** Page-scoped: the cart page's coupon form. Its orders go to the cart actor. */
  const coupon = couponMachine.provide({
    actors: {
      applyCoupon: fromPromise(({ input }) => applyCouponCode(client(), input.code)),
      removeCoupon: fromPromise(({ input }) => removeCouponCode(client(), input.code)),
    },
    actions: { orderChanged: (_, params) => cart.send({ type: 'cart.orderChanged', order: params.order }) },
  });

  /** The cart page's shipping estimate: the cheapest eligible method (null when none). */
  const shippingEstimate = fromPromise<number | null, { orderKey: string }>(async () => {
    const methods = await getShippingMethods(client());
    return methods.length ? Math.min(...methods.map((m) => m.priceWithTax)) : null;
  });

  const cleanups: (() => void)[] = [];

  function start() {
    cart.start();
    wishlist.start();
    // Login merges the anonymous order into the customer's (Vendure's merge strategy) and the
    // guest's favourites into the account's: both reload when the customer changes.
    let customerId = session.getSnapshot().context.customerId;
    let checking = true;
    const sub = session.subscribe((s) => {
      const settled = s.matches('anonymous') || s.matches('loggedIn');
      const next = s.context.customerId;
      if (next !== customerId) {
        customerId = next;
        queueMicrotask(() => {
          cart.send({ type: 'cart.sync' });
          wishlist.send({ type: next ? 'wishlist.signedIn' : 'wishlist.signedOut' });
        });
      }
      // The check counts the server's favourites only: a guest's local list wins in the header.
      if (checking && settled) {
        const w = wishlist.getSnapshot();
        if (w.matches('guest') && s.context.wishlistCount !== w.context.count) {
          queueMicrotask(() => session.send({ type: 'session.countsChanged', wishlistCount: w.context.count }));
        }
      }
      checking = !settled;
    });
    cleanups.push(() => sub.unsubscribe());
    if (deps.channel) {
      cleanups.push(
        deps.channel.subscribe((message) => {
          if (message.type === 'cart') cart.send({ type: 'cart.sync' });
          else wishlist.send({ type: 'wishlist.sync', guestItems: deps.guestWishlist.read() });
        }),
      );
    }
  }

  function stop() {
    cleanups.splice(0).forEach((c) => c());
    wishlist.stop();
    cart.stop();
  }

  return { cart, wishlist, coupon, shippingEstimate, start, stop };
}

/** The browser's implementations (local storage, BroadcastChannel); null parts where missing. */
export function browserShopDeps(): { guestWishlist: GuestWishlistStore; tabChannel: TabChannel | null } {
  const storage = (() => {
    try {
      return typeof window !== 'undefined' ? window.localStorage : null;
    } catch {
      return null;
    }
  })();
  const guestWishlist: GuestWishlistStore = {
    read() {
      try {
        const parsed: unknown = JSON.parse(storage?.getItem(GUEST_WISHLIST_KEY) ?? '[]');
        return Array.isArray(parsed) ? parsed.filter(isWishlistItem) : [];
      } catch {
        return [];
      }
    },
    write(items) {
      try {
        storage?.setItem(GUEST_WISHLIST_KEY, JSON.stringify(items));
      } catch {
        // Storage full or disabled: the list lives for this page only.
      }
    },
    clear() {
      try {
        storage?.removeItem(GUEST_WISHLIST_KEY);
      } catch {
        // see write
      }
    },
  };
  if (typeof BroadcastChannel === 'undefined') return { guestWishlist, tabChannel: null };
  let bc: BroadcastChannel | null = null;
  const open = () => (bc ??= new BroadcastChannel(SYNC_CHANNEL));
  const channel: TabChannel = {
    post: (message) => open().postMessage(message),
    subscribe(listener) {
      const onMessage = (e: MessageEvent) => {
        const data = e.data as SyncMessage | null;
        if (data && (data.type === 'cart' || data.type === 'wishlist')) listener(data);
      };
      open().addEventListener('message', onMessage);
      return () => open().removeEventListener('message', onMessage);
    },
  };
  return { guestWishlist, tabChannel: channel };
}

function isWishlistItem(value: unknown): value is WishlistItem {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return typeof v.id === 'string' && typeof v.slug === 'string' && typeof v.name === 'string';
}
