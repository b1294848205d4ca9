import { describe } from 'vitest';
import type { EventObject } from 'xstate';
import { wishlistMachine, type MemberWishlist, type WishlistItem } from '../../../machines/wishlist.machine';
import { never, pathTable, shortestPathPerState, type PathRow } from './path-kit';

const item = (id: string): WishlistItem => ({ id, slug: `p-${id}`, name: `P${id}`, image: null, price: 1000, variantId: `v${id}` });
const machine = wishlistMachine.provide({
  actors: {
    fetchWishList: never<MemberWishlist, void>(),
    toggleFav: never<{ productId: string; isFav: boolean; count: number }, { productId: string }>(),
    mergeWishList: never<number, { productIds: string[] }>(),
    fetchProductNames: never<{ id: string; name: string }[], { productIds: string[]; locale: string }>(),
  },
  actions: { announceChange: () => {} },
});
const events: EventObject[] = [
  { type: 'wishlist.toggle', productId: '2', item: item('2') } as EventObject,
  { type: 'wishlist.signedIn' },
  { type: 'wishlist.signedOut' },
  { type: 'wishlist.sync' },
  { type: 'wishlist.retry' },
  { type: 'wishlist.dismiss' },
  { type: 'wishlist.localize', locale: 'en' } as EventObject,
  { type: 'session.checked', customerId: '7', cartCount: 0, wishlistCount: 5 } as EventObject,
  { type: 'xstate.done.actor.mergeWishList', output: 2 } as EventObject,
  { type: 'xstate.error.actor.mergeWishList', error: new Error('down') } as EventObject,
  { type: 'xstate.done.actor.fetchWishList', output: { items: [item('1'), item('3')], count: 2, locale: 'ar' } } as EventObject,
  { type: 'xstate.error.actor.fetchWishList', error: new Error('down') } as EventObject,
  { type: 'xstate.done.actor.toggleFav', output: { productId: '2', isFav: true, count: 3 } } as EventObject,
  { type: 'xstate.error.actor.toggleFav', error: new Error('down') } as EventObject,
  { type: 'xstate.done.actor.fetchProductNames', output: [{ id: '1', name: 'Product one' }] } as EventObject,
  { type: 'xstate.error.actor.fetchProductNames', error: new Error('down') } as EventObject,
];
const serialize = (s: ReturnType<typeof machine.transition>) =>
  JSON.stringify([s.value, s.context.ids, s.context.count, s.context.queue.length, s.context.error?.code ?? null]);

describe('wishlist machine paths, a guest with one favourite', () => {
  const input = { guestItems: [item('1')] };
  const table: PathRow[] = [
    { state: 'guest.idle', via: '(start)', context: { ids: ['1'], count: 1 } },
    // The saved names in the page's language: one call for the list, a state of its own.
    { state: 'guest.localizing', via: 'wishlist.localize', context: { ids: ['1'], count: 1 } },
    { state: 'merging', via: 'wishlist.signedIn', context: { ids: ['1'], count: 1 } },
    { state: 'loading', via: 'wishlist.signedIn → done:mergeWishList', context: { ids: ['1'], count: 1, error: null } },
    {
      state: 'member.idle',
      via: 'wishlist.signedIn → done:mergeWishList → done:fetchWishList',
      context: { ids: ['1', '3'], count: 2, queue: [], error: null },
    },
    {
      state: 'member.toggling',
      via: 'wishlist.signedIn → done:mergeWishList → done:fetchWishList → wishlist.toggle',
      context: { ids: ['1', '3'], count: 2, pending: ['2'] },
    },
    {
      state: 'member.reloading',
      via: 'wishlist.signedIn → done:mergeWishList → done:fetchWishList → wishlist.sync',
      context: { ids: ['1', '3'], count: 2, queue: [] },
    },
  ];
  pathTable(machine, shortestPathPerState(machine, { events, input, serialize }), input, table);
});

describe('wishlist machine paths, a guest with none', () => {
  const input = { guestItems: [] };
  const table: PathRow[] = [
    { state: 'guest.idle', via: '(start)', context: { ids: [], count: 0 } },
    // Nothing saved, nothing to ask: only once a heart is on.
    { state: 'guest.localizing', via: 'wishlist.toggle → wishlist.localize', context: { ids: ['2'], count: 1 } },
    // Nothing to merge: straight to the account's list.
    { state: 'loading', via: 'wishlist.signedIn', context: { ids: [], count: 0 } },
    { state: 'merging', via: 'wishlist.toggle → wishlist.signedIn', context: { ids: ['2'], count: 1 } },
    { state: 'member.idle', via: 'wishlist.signedIn → done:fetchWishList', context: { ids: ['1', '3'], count: 2, error: null } },
    {
      state: 'member.toggling',
      via: 'wishlist.signedIn → done:fetchWishList → wishlist.toggle',
      context: { ids: ['1', '3'], pending: ['2'] },
    },
    { state: 'member.reloading', via: 'wishlist.signedIn → done:fetchWishList → wishlist.sync', context: { ids: ['1', '3'], count: 2 } },
  ];
  pathTable(machine, shortestPathPerState(machine, { events, input, serialize }), input, table);
});
