import { assign, fromPromise, not, sendParent, setup } from 'xstate';
import { unavailableOf } from './lib/network-failure';
import type { CheckUserResult } from '../services/session.service';
import type { ProductName } from '../services/wishlist.service';

/** What the wishlist page shows of a favourite (a guest's list keeps these locally). */
export interface WishlistItem {
  id: string;
  slug: string;
  name: string;
  image: { src: string; width: number; height: number } | null;
  /** Current price in halalas, null when unknown. */
  price: number | null;
  /** The variant "move to cart" adds; null when nothing can be bought. */
  variantId: string | null;
}

export interface WishlistInput {
  /** A guest's favourites, read from local storage by the composition root. */
  guestItems: WishlistItem[];
}

export interface WishlistContext {
  /** Favourite product ids (hearts across the site). */
  ids: string[];
  items: WishlistItem[];
  /** The header's count: the only wishlist count in the app (a guest's is the local list's). */
  count: number;
  /** Product ids whose toggle is on its way (a click on them is ignored). */
  pending: string[];
  /** Toggles waiting for their turn (members: one server call at a time). */
  queue: { productId: string; item: WishlistItem | null }[];
  error: { code: 'NETWORK' | 'MERGE_FAILED' | 'LOAD_FAILED'; productId?: string; unavailable?: true } | null;
  /** The language a member's list was fetched in (its names are in it); null for a guest. */
  listLocale: string | null;
}

export type WishlistEvent =
  | { type: 'wishlist.toggle'; productId: string; item?: WishlistItem | null }
  | { type: 'wishlist.signedIn' }
  | { type: 'wishlist.signedOut' }
  /** Another tab changed the list: a guest gets the stored items, a member reloads. */
  | { type: 'wishlist.sync'; guestItems?: WishlistItem[] }
  | { type: 'wishlist.retry' }
  /** The wishlist page shows in this language: the saved products' names in it. */
  | { type: 'wishlist.localize'; locale: string }
  | { type: 'wishlist.dismiss' }
  /** The session's user check answered: a member's count stands in until the list is loaded. */
  | ({ type: 'session.checked' } & CheckUserResult);

export interface MemberWishlist {
  items: WishlistItem[];
  count: number;
  /** The language the list was fetched in. */
  locale: string;
}

const withItems = (items: WishlistItem[]) => ({ items, ids: items.map((i) => i.id), count: items.length });

export const wishlistMachine = setup({
  types: {
    context: {} as WishlistContext,
    events: {} as WishlistEvent,
    input: {} as WishlistInput,
  },
  actors: {
    fetchWishList: fromPromise<MemberWishlist, void>(async () => {
      throw new Error('fetchWishList is not provided: wire it in src/app/actors.ts');
    }),
    toggleFav: fromPromise<{ productId: string; isFav: boolean; count: number }, { productId: string }>(async () => {
      throw new Error('toggleFav is not provided: wire it in src/app/actors.ts');
    }),
    mergeWishList: fromPromise<number, { productIds: string[] }>(async () => {
      throw new Error('mergeWishList is not provided: wire it in src/app/actors.ts');
    }),
    /** getProductNames: the names of a guest's favourites in the page's language, in one call. */
    fetchProductNames: fromPromise<ProductName[], { productIds: string[]; locale: string }>(async () => {
      throw new Error('fetchProductNames is not provided: wire it in src/app/actors.ts');
    }),
  },
  actions: {
    // Implemented by the composition root: local storage.
    persistGuest: (_, _params: { items: WishlistItem[] }) => {},
    clearGuest: () => {},
    // The parent (shop machine) tells the other tabs; a standalone wishlist must have it provided.
    announceChange: sendParent({ type: 'wishlist.changed' }),
    takeCountHint: assign((_, params: { count: number }) => ({ count: params.count })),
    toggleLocally: assign(({ context, event }) => {
      if (event.type !== 'wishlist.toggle') return {};
      if (context.ids.includes(event.productId)) return withItems(context.items.filter((i) => i.id !== event.productId));
      const item = event.item ?? { id: event.productId, slug: '', name: '', image: null, price: null, variantId: null };
      return withItems([item, ...context.items]);
    }),
    setItems: assign((_, params: { items: WishlistItem[] }) => ({ ...withItems(params.items), pending: [], queue: [] })),
    setMemberList: assign((_, params: { list: MemberWishlist }) => ({
      ...withItems(params.list.items),
      count: params.list.count,
      listLocale: params.list.locale,
      pending: [],
      queue: [],
    })),
    // The list as it is now (a heart toggled while the names were on their way counts), renamed.
    renameItems: assign(({ context }, params: { names: ProductName[] }) => {
      const names = new Map(params.names.map((p) => [p.id, p.name]));
      return { items: context.items.map((i) => (names.has(i.id) ? { ...i, name: names.get(i.id)! } : i)) };
    }),
    enqueue: assign(({ context, event }) => {
      if (event.type !== 'wishlist.toggle') return {};
      return {
        queue: [...context.queue, { productId: event.productId, item: event.item ?? null }],
        pending: [...context.pending, event.productId],
        error: null,
      };
    }),
    applyToggle: assign(({ context }, params: { productId: string; isFav: boolean; count: number }) => {
      const head = context.queue[0];
      const others = context.items.filter((i) => i.id !== params.productId);
      const items = params.isFav && head?.item ? [head.item, ...others] : params.isFav ? context.items : others;
      const ids = params.isFav ? [...new Set([params.productId, ...context.ids])] : context.ids.filter((id) => id !== params.productId);
      return {
        items,
        ids,
        count: params.count,
        queue: context.queue.slice(1),
        pending: context.pending.filter((id) => id !== params.productId),
      };
    }),
    failToggle: assign(({ context }, params: { error: unknown }) => {
      const head = context.queue[0];
      return {
        queue: [],
        pending: [],
        error: { code: 'NETWORK' as const, ...(head ? { productId: head.productId } : {}), ...unavailableOf(params.error) },
      };
    }),
    setError: assign((_, params: { code: 'NETWORK' | 'MERGE_FAILED' | 'LOAD_FAILED' }) => ({ error: { code: params.code } })),
    clearError: assign({ error: null }),
    dropQueue: assign({ queue: [], pending: [] }),
    reset: assign({ ids: [], items: [], count: 0, pending: [], queue: [], error: null, listLocale: null }),
  },
  guards: {
    isPending: ({ context, event }) => event.type === 'wishlist.toggle' && context.pending.includes(event.productId),
    hasGuestItems: ({ context }) => context.items.length > 0,
    hasQueue: ({ context }) => context.queue.length > 0,
    hasGuestPayload: ({ event }) => event.type === 'wishlist.sync' && event.guestItems !== undefined,
    isListInOtherLocale: ({ context, event }) =>
      event.type === 'wishlist.localize' && context.listLocale !== null && context.listLocale !== event.locale,
  },
}).createMachine({
  id: 'wishlist',
  context: ({ input }) => ({ ...withItems(input.guestItems), pending: [], queue: [], error: null, listLocale: null }),
  initial: 'guest',
  on: {
    'wishlist.dismiss': { actions: 'clearError' },
  },
  states: {
    // Not signed in: the list lives in this browser only.
    guest: {
      initial: 'idle',
      states: {
        idle: {
          on: { 'wishlist.localize': { guard: 'hasGuestItems', target: 'localizing' } },
        },
        // Each favourite keeps the name of the page it was saved on: the page's language's, all of
        // them in one call. Not stored: the next page in another language asks again.
        localizing: {
          invoke: {
            id: 'fetchProductNames',
            src: 'fetchProductNames',
            input: ({ context, event }) => ({ productIds: context.ids, locale: event.type === 'wishlist.localize' ? event.locale : '' }),
            onDone: { target: 'idle', actions: { type: 'renameItems', params: ({ event }) => ({ names: event.output }) } },
            // The saved names stay: nothing the shopper has to act on.
            onError: { target: 'idle' },
          },
          // The language changed before the names came: ask again in the new one.
          on: { 'wishlist.localize': { target: 'localizing', reenter: true } },
        },
      },
      on: {
        'wishlist.toggle': {
          actions: ['toggleLocally', { type: 'persistGuest', params: ({ context }) => ({ items: context.items }) }, 'announceChange'],
        },
        'wishlist.signedIn': [{ guard: 'hasGuestItems', target: 'merging' }, { target: 'loading' }],
        'wishlist.sync': {
          guard: 'hasGuestPayload',
          actions: { type: 'setItems', params: ({ event }) => ({ items: event.type === 'wishlist.sync' ? (event.guestItems ?? []) : [] }) },
        },
      },
    },
    // After login: the guest's favourites join the account's (server dedupes), then the account's list.
    merging: {
      invoke: {
        id: 'mergeWishList',
        src: 'mergeWishList',
        input: ({ context }) => ({ productIds: context.ids }),
        onDone: { target: 'loading', actions: 'clearGuest' },
        // Keep the guest's list stored: the next sign-in merges it again.
        onError: { target: 'loading', actions: { type: 'setError', params: { code: 'MERGE_FAILED' } } },
      },
    },
    loading: {
      // The account's count from the check beats the guest's until the account's list is here.
      on: { 'session.checked': { actions: { type: 'takeCountHint', params: ({ event }) => ({ count: event.wishlistCount }) } } },
      invoke: {
        id: 'fetchWishList',
        src: 'fetchWishList',
        onDone: { target: 'member', actions: { type: 'setMemberList', params: ({ event }) => ({ list: event.output }) } },
        onError: { target: 'member', actions: { type: 'setError', params: { code: 'LOAD_FAILED' } } },
      },
    },
    member: {
      on: {
        'wishlist.signedOut': { target: 'guest', actions: 'reset' },
        'wishlist.sync': '.reloading',
        'wishlist.retry': '.reloading',
        // The list's names are in the language it was fetched in: the page's is another.
        'wishlist.localize': { guard: 'isListInOtherLocale', target: '.reloading' },
      },
      initial: 'idle',
      states: {
        idle: {
          on: {
            'wishlist.toggle': { target: 'toggling', actions: 'enqueue' },
          },
        },
        toggling: {
          on: {
            // A second click on the same heart while its call is out is ignored.
            'wishlist.toggle': { guard: not('isPending'), actions: 'enqueue' },
          },
          invoke: {
            id: 'toggleFav',
            src: 'toggleFav',
            input: ({ context }) => ({ productId: context.queue[0]!.productId }),
            onDone: {
              target: 'next',
              actions: [{ type: 'applyToggle', params: ({ event }) => event.output }, 'announceChange'],
            },
            onError: { target: 'idle', actions: { type: 'failToggle', params: ({ event }) => ({ error: event.error }) } },
          },
        },
        next: {
          always: [{ guard: 'hasQueue', target: 'toggling' }, { target: 'idle' }],
        },
        reloading: {
          invoke: {
            id: 'fetchWishList',
            src: 'fetchWishList',
            onDone: { target: 'idle', actions: { type: 'setMemberList', params: ({ event }) => ({ list: event.output }) } },
            // A toggle that was on its way when the sync came was abandoned with its state: drop
            // its queue too, or the hearts stay optimistic and later toggles pile up behind it.
            onError: { target: 'idle', actions: ['dropQueue', { type: 'setError', params: { code: 'LOAD_FAILED' } }] },
          },
        },
      },
    },
  },
});

// Views import it from ./wishlist.selectors (no xstate there); re-exported for the machine's users.
export { isFavourite } from './wishlist.selectors';
