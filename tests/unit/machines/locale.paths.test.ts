import { describe } from 'vitest';
import type { EventObject } from 'xstate';
import { localeMachine } from '../../../machines/locale.machine';
import { never, pathTable, shortestPathPerState, type PathRow } from './path-kit';

describe('locale machine paths', () => {
  const machine = localeMachine.provide({
    actors: { loadCatalog: never<void, { locale: 'ar' | 'en' }>() },
    actions: { persistCookie: () => {}, navigate: () => {} },
  });
  const input = { locale: 'ar' as const, cookieEnabled: true };
  const paths = shortestPathPerState(machine, {
    input,
    events: [
      { type: 'locale.switch', to: 'en', href: '/products' } as EventObject,
      { type: 'locale.switch', to: 'ar', href: '/en/products' } as EventObject,
      { type: 'locale.routeChanged', locale: 'en' } as EventObject,
      { type: 'xstate.done.actor.loadCatalog' },
      { type: 'xstate.error.actor.loadCatalog', error: new Error('chunk') } as EventObject,
    ],
    serialize: (s) => JSON.stringify([s.value, s.context.locale, s.context.pending]),
  });
  const table: PathRow[] = [
    { state: 'ready', via: '(start)', context: { locale: 'ar', pending: null } },
    { state: 'switching', via: 'locale.switch', context: { locale: 'ar', pending: 'en', targetHref: '/en/products' } },
  ];
  pathTable(machine, paths, input, table);
});
