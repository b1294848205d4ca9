import { describe } from 'vitest';
import type { EventObject } from 'xstate';
import { sessionMachine } from '../../../machines/session.machine';
import type { CheckUserResult } from '../../../services/session.service';
import { never, pathTable, shortestPathPerState, type PathRow } from './path-kit';

const machine = sessionMachine.provide({
  actors: { createSession: never<{ token: string }, void>(), checkUser: never<CheckUserResult, { token: string | null }>() },
  // Standalone (no shop parent): the check's report goes nowhere.
  actions: { reportCheck: () => {} },
});
const events: EventObject[] = [
  { type: 'xstate.done.actor.createSession', output: { token: 'tok-1' } } as EventObject,
  { type: 'xstate.error.actor.createSession', error: new Error('down') } as EventObject,
  { type: 'xstate.done.actor.checkUser', output: { customerId: null, cartCount: 1, wishlistCount: 0 } } as EventObject,
  { type: 'xstate.done.actor.checkUser', output: { customerId: '7', cartCount: 2, wishlistCount: 3 } } as EventObject,
  { type: 'xstate.error.actor.checkUser', error: new Error('down') } as EventObject,
  { type: 'session.signedIn', token: 'tok-customer' } as EventObject,
  { type: 'session.signedOut' },
  { type: 'session.refresh' },
];
const serialize = (s: ReturnType<typeof machine.transition>) => JSON.stringify([s.value, s.context.customerId, s.context.token]);

describe('session machine paths, no stored token', () => {
  const input = { token: null };
  const table: PathRow[] = [
    { state: 'creatingSession', via: '(start)', context: { token: null, customerId: null } },
    { state: 'anonymous', via: 'done:createSession', context: { token: 'tok-1', customerId: null } },
    { state: 'checking', via: 'session.signedIn', context: { token: 'tok-customer', customerId: null } },
    { state: 'loggedIn', via: 'session.signedIn → done:checkUser', context: { token: 'tok-customer', customerId: '7' } },
  ];
  pathTable(machine, shortestPathPerState(machine, { events, input, serialize }), input, table);
});

describe('session machine paths, stored token', () => {
  const input = { token: 'stored-token' };
  const table: PathRow[] = [
    { state: 'checking', via: '(start)', context: { token: 'stored-token', customerId: null } },
    { state: 'anonymous', via: 'done:checkUser', context: { token: 'stored-token', customerId: null } },
    { state: 'loggedIn', via: 'done:checkUser', context: { token: 'stored-token', customerId: '7' } },
    { state: 'creatingSession', via: 'session.signedOut', context: { token: null, customerId: null } },
  ];
  pathTable(machine, shortestPathPerState(machine, { events, input, serialize }), input, table);
});
