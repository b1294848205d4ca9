import { describe } from 'vitest';
import { setup, type EventObject } from 'xstate';
import type { cartMachine } from '../../../machines/cart.machine';
import type { sessionMachine } from '../../../machines/session.machine';
import { shopMachine, type ShopInput } from '../../../machines/shop.machine';
import type { wishlistMachine } from '../../../machines/wishlist.machine';
import { pathTable, shortestPathPerState, stateKey, type KeyOf, type PathRow } from './path-kit';

// The flow reacts to the session's snapshots and its children's reports: the children are inert
// here and the session's snapshots are events of the path (like done/error events elsewhere). The
// session's first snapshot reaches the shop machine when it starts: a stored token starts it in
// `checking`, none in `creatingSession` (as the real session machine does).
const inert = setup({}).createMachine({});
const machineFor = (input: ShopInput) => {
  const first = input.session.token ? 'checking' : 'creatingSession';
  const session = setup({}).createMachine({ initial: first, states: { [first]: {} } });
  return shopMachine.provide({
    actors: {
      session: session as unknown as typeof sessionMachine,
      cart: inert as unknown as typeof cartMachine,
      wishlist: inert as unknown as typeof wishlistMachine,
    },
    actions: { postToTabs: () => {} },
  });
};
const session = (value: string, customerId: string | null) =>
  ({ type: 'xstate.snapshot.session', snapshot: { value, context: { customerId } } }) as unknown as EventObject;
const events: EventObject[] = [
  session('creatingSession', null),
  session('anonymous', null),
  session('checking', null),
  session('loggedIn', '7'),
  session('creatingSession', '7'),
  { type: 'session.checked', customerId: '7', cartCount: 2, wishlistCount: 3 } as EventObject,
  { type: 'session.checked', customerId: null, cartCount: 1, wishlistCount: 0 } as EventObject,
  { type: 'cart.changed' },
  { type: 'wishlist.changed' },
  { type: 'tabs.cartChanged' },
  { type: 'tabs.wishlistChanged', guestItems: [] } as EventObject,
];
// The flow's states are as much about which customer the children were told of as about the value.
const key: KeyOf = (s) => `${stateKey(s.value)} ${s.context.customerId === null ? 'guest' : `customer ${String(s.context.customerId)}`}`;
const serialize = (s: ReturnType<typeof shopMachine.transition>) => JSON.stringify([s.value, s.context.customerId]);

describe('shop machine paths, first visit (no token)', () => {
  const input: ShopInput = { session: { token: null }, guestWishlist: [] };
  const machine = machineFor(input);
  const table: PathRow[] = [
    { state: 'waitingForSession guest', via: '(start)' },
    { state: 'ready guest', via: 'session@anonymous' },
    { state: 'ready customer 7', via: 'session@loggedIn(7)' },
    { state: 'waitingForSession customer 7', via: 'session@creatingSession(7)' },
  ];
  pathTable(machine, shortestPathPerState(machine, { events, input, serialize, key }), input, table, key);
});

describe('shop machine paths, stored token', () => {
  const input: ShopInput = { session: { token: 'tok' }, guestWishlist: [] };
  const machine = machineFor(input);
  const table: PathRow[] = [
    { state: 'ready guest', via: '(start)' },
    { state: 'ready customer 7', via: 'session@loggedIn(7)' },
    { state: 'waitingForSession guest', via: 'session@creatingSession' },
    { state: 'waitingForSession customer 7', via: 'session@creatingSession → session@creatingSession(7)' },
  ];
  pathTable(machine, shortestPathPerState(machine, { events, input, serialize, key }), input, table, key);
});
