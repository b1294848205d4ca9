import { and, assign, not, sendTo, setup, type SnapshotFrom } from 'xstate';
import type { CheckUserResult } from '../services/session.service';
import { cartMachine, type CartSeed } from './cart.machine';
import { sessionMachine, type SessionInput } from './session.machine';
import { wishlistMachine, type WishlistItem } from './wishlist.machine';

/**
 * The visitor's shop: the session, the cart and the wishlist as children (system ids `session`,
 * `cart`, `wishlist`), and the flow between them: the cart calls the Shop API only once the session
 * has a token; a change of customer (sign-in, sign-out) reloads the cart (Vendure merged the
 * anonymous order) and signs the wishlist in (merging the guest's favourites) or out; the session's
 * user check hands its counts to the cart and wishlist as a hint; changes go to the other tabs and
 * theirs come back as syncs.
 */
export interface ShopInput {
  session: SessionInput;
  /** A guest's favourites, read from local storage by the composition root. */
  guestWishlist: WishlistItem[];
  /** The order the page's server render read (the cart page): the cart starts from it. */
  cartSeed?: CartSeed | null;
}

export interface ShopContext {
  /** The customer the cart and wishlist were last told about (null: a guest). */
  customerId: string | null;
  sessionInput: SessionInput;
  guestWishlist: WishlistItem[];
  cartSeed: CartSeed | null;
}

export type TabMessage = { type: 'cart' } | { type: 'wishlist' };

export type ShopEvent =
  /** From the session child: its user check answered. */
  | ({ type: 'session.checked' } & CheckUserResult)
  /** From the cart / wishlist children: tell the other tabs. */
  | { type: 'cart.changed' }
  | { type: 'wishlist.changed' }
  /** Another tab changed the cart / the wishlist (guest: its stored items, read by the root). */
  | { type: 'tabs.cartChanged' }
  | { type: 'tabs.wishlistChanged'; guestItems: WishlistItem[] }
  | { type: 'xstate.snapshot.session'; snapshot: SnapshotFrom<typeof sessionMachine> };

type SessionSnapshot = SnapshotFrom<typeof sessionMachine>;

const sessionOf = (event: ShopEvent): SessionSnapshot | null => (event.type === 'xstate.snapshot.session' ? event.snapshot : null);

const checkOf = (event: ShopEvent): Extract<ShopEvent, { type: 'session.checked' }> =>
  event.type === 'session.checked' ? event : { type: 'session.checked', customerId: null, cartCount: 0, wishlistCount: 0 };

/** The customer an event names: a session snapshot's or a check's (undefined: names none). */
const customerOf = (event: ShopEvent): string | null | undefined =>
  event.type === 'session.checked' ? event.customerId : sessionOf(event)?.context.customerId;

/** Vendure starts a session on the first call without a token: until ours is there, no cart calls. */
function hasToken(snapshot: SessionSnapshot): boolean {
  return snapshot.value !== 'starting' && snapshot.value !== 'creatingSession';
}

export const shopMachine = setup({
  types: {
    context: {} as ShopContext,
    events: {} as ShopEvent,
    input: {} as ShopInput,
  },
  actors: {
    session: sessionMachine,
    cart: cartMachine,
    wishlist: wishlistMachine,
  },
  actions: {
    // Implemented by the composition root (BroadcastChannel in the browser).
    postToTabs: (_, _params: { message: TabMessage }) => {},
    noteCustomer: assign(({ context, event }) => {
      if (event.type === 'session.checked') return { customerId: event.customerId };
      const s = sessionOf(event);
      return { customerId: s ? s.context.customerId : context.customerId };
    }),
    // A sign-in or sign-out names the customer: the cart skips the fetch when its seed is theirs.
    syncCart: sendTo('cart', ({ event }) => {
      const customerId = customerOf(event);
      return customerId === undefined ? { type: 'cart.sync' as const } : { type: 'cart.sync' as const, customerId };
    }),
    holdCart: sendTo('cart', { type: 'cart.hold' }),
    signInWishlist: sendTo('wishlist', { type: 'wishlist.signedIn' }),
    signOutWishlist: sendTo('wishlist', { type: 'wishlist.signedOut' }),
    // The check answers before the order and the list are loaded: its counts stand in meanwhile.
    hintCart: sendTo('cart', ({ event }) => checkOf(event)),
    hintWishlist: sendTo('wishlist', ({ event }) => checkOf(event)),
    syncWishlist: sendTo('wishlist', ({ event }) => ({
      type: 'wishlist.sync' as const,
      guestItems: event.type === 'tabs.wishlistChanged' ? event.guestItems : undefined,
    })),
  },
  guards: {
    hasStoredToken: ({ context }) => context.sessionInput.token !== null,
    isSessionReady: ({ event }) => {
      const s = sessionOf(event);
      return s !== null && hasToken(s);
    },
    // The customer a session snapshot or a check names differs from the one the children know.
    isSignIn: ({ context, event }) => {
      const next = customerOf(event);
      return next !== undefined && next !== null && next !== context.customerId;
    },
    isSignOut: ({ context, event }) => customerOf(event) === null && context.customerId !== null,
  },
}).createMachine({
  id: 'shop',
  context: ({ input }) => ({
    customerId: null,
    sessionInput: input.session,
    guestWishlist: input.guestWishlist,
    cartSeed: input.cartSeed ?? null,
  }),
  invoke: [
    {
      id: 'session',
      systemId: 'session',
      src: 'session',
      input: ({ context }) => context.sessionInput,
      // Handled per state below; declared so that the session's snapshots reach this machine.
      onSnapshot: {},
    },
    { id: 'cart', systemId: 'cart', src: 'cart', input: ({ context }) => ({ seed: context.cartSeed }) },
    { id: 'wishlist', systemId: 'wishlist', src: 'wishlist', input: ({ context }) => ({ guestItems: context.guestWishlist }) },
  ],
  on: {
    'session.checked': { actions: ['hintCart', 'hintWishlist'] },
    'cart.changed': { actions: { type: 'postToTabs', params: { message: { type: 'cart' } } } },
    'wishlist.changed': { actions: { type: 'postToTabs', params: { message: { type: 'wishlist' } } } },
    'tabs.wishlistChanged': { actions: 'syncWishlist' },
  },
  initial: 'starting',
  states: {
    starting: {
      always: [{ guard: 'hasStoredToken', target: 'ready' }, { target: 'waitingForSession' }],
    },
    // No token yet (first visit, or a sign-out started a fresh session): the cart keeps its clicks.
    waitingForSession: {
      on: {
        'xstate.snapshot.session': [
          { guard: and(['isSessionReady', 'isSignIn']), target: 'ready', actions: ['noteCustomer', 'signInWishlist'] },
          { guard: and(['isSessionReady', 'isSignOut']), target: 'ready', actions: ['noteCustomer', 'signOutWishlist'] },
          { guard: 'isSessionReady', target: 'ready' },
          { guard: 'isSignIn', actions: ['noteCustomer', 'signInWishlist'] },
          { guard: 'isSignOut', actions: ['noteCustomer', 'signOutWishlist'] },
        ],
      },
    },
    ready: {
      entry: 'syncCart',
      on: {
        'xstate.snapshot.session': [
          {
            guard: and([not('isSessionReady'), 'isSignOut']),
            target: 'waitingForSession',
            actions: ['holdCart', 'noteCustomer', 'signOutWishlist'],
          },
          { guard: not('isSessionReady'), target: 'waitingForSession', actions: 'holdCart' },
          // Vendure merged the anonymous order into the customer's (or the customer left): reload.
          { guard: 'isSignIn', actions: ['noteCustomer', 'syncCart', 'signInWishlist'] },
          { guard: 'isSignOut', actions: ['noteCustomer', 'syncCart', 'signOutWishlist'] },
        ],
        // The check names the customer before the session's snapshot does: sign the children in or
        // out first, so the count hint finds them in their new state (a member's list `loading`).
        'session.checked': [
          { guard: 'isSignIn', actions: ['noteCustomer', 'syncCart', 'signInWishlist', 'hintCart', 'hintWishlist'] },
          { guard: 'isSignOut', actions: ['noteCustomer', 'syncCart', 'signOutWishlist', 'hintCart', 'hintWishlist'] },
          { actions: ['hintCart', 'hintWishlist'] },
        ],
        'tabs.cartChanged': { actions: 'syncCart' },
      },
    },
  },
});
