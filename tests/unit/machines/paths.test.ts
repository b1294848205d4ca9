import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, type AnyStateMachine, type EventObject } from 'xstate';
import { getShortestPaths } from 'xstate/graph';
import { contactMachine } from '../../../machines/contact.machine';
import { localeMachine } from '../../../machines/locale.machine';
import { sessionMachine } from '../../../machines/session.machine';
import type { ContactUsInput, ContactUsResult } from '../../../services/content.service';
import type { CheckUserResult } from '../../../services/session.service';

// Path tests from the real machines (architecture guide, example 8): xstate/graph finds the
// shortest event sequence to every state; each path replays on a live actor whose invoked
// services never settle, so the path's own xstate.done/error events decide the outcome.

const never = <TOutput, TInput>() => fromPromise<TOutput, TInput>(() => new Promise<TOutput>(() => {}));

function describePath(steps: readonly { event: EventObject }[]): string {
  return steps
    .map(({ event }) => event.type.replace(/^xstate\.(done|error)\.actor\./, (_, kind: string) => (kind === 'done' ? 'done:' : 'error:')))
    .join(' → ');
}

function pathsToEveryState<M extends AnyStateMachine>(
  machine: M,
  options: { events: EventObject[]; input?: unknown; serialize: (s: ReturnType<M['transition']>) => string },
) {
  const paths = getShortestPaths(machine, {
    events: options.events as never,
    input: options.input as never,
    serializeState: (s) => options.serialize(s as never),
  });
  // One path per state value: the shortest.
  const byValue = new Map<string, (typeof paths)[number]>();
  for (const path of paths) {
    const key = JSON.stringify(path.state.value);
    const best = byValue.get(key);
    if (!best || path.steps.length < best.steps.length) byValue.set(key, path);
  }
  return [...byValue.values()];
}

function replay(machine: AnyStateMachine, input: unknown, steps: readonly { event: EventObject }[]) {
  const actor = createActor(machine, { input } as never).start();
  for (const { event } of steps) if (!event.type.startsWith('xstate.init')) actor.send(event);
  const value = actor.getSnapshot().value;
  actor.stop();
  return value;
}

describe('contact machine paths', () => {
  const machine = contactMachine.provide({ actors: { sendContactMessage: never<ContactUsResult, ContactUsInput>() } });
  const events: EventObject[] = [
    { type: 'contact.change', field: 'name', value: 'Sara' } as EventObject,
    { type: 'contact.change', field: 'emailAddress', value: 'sara@example.com' } as EventObject,
    { type: 'contact.change', field: 'message', value: 'Where is my order please?' } as EventObject,
    { type: 'contact.submit' },
    { type: 'contact.retry' },
    { type: 'contact.reset' },
    { type: 'xstate.done.actor.sendContactMessage', output: { ok: true, id: '1', createdAt: '2026-11-22T10:00:00Z' } } as EventObject,
    { type: 'xstate.done.actor.sendContactMessage', output: { ok: false, code: 'RATE_LIMIT_ERROR', message: 'Later', retryAfterSeconds: 60 } } as EventObject,
    { type: 'xstate.error.actor.sendContactMessage', error: new Error('offline') } as EventObject,
  ];
  const paths = pathsToEveryState(machine, {
    events,
    serialize: (s) =>
      JSON.stringify([s.value, s.context.values, Object.keys(s.context.errors).length > 0, s.context.failure?.kind ?? null, !!s.context.sent]),
  });

  it('reaches every state of the contact form', () => {
    expect(paths.map((p) => JSON.stringify(p.state.value)).sort()).toEqual(['"editing"', '"failed"', '"sent"', '"submitting"']);
  });

  it.each(paths.map((p) => [JSON.stringify(p.state.value), describePath(p.steps) || '(start)', p] as const))(
    'reaches %s via %s',
    (_, __, path) => {
      expect(replay(machine, undefined, path.steps)).toEqual(path.state.value);
    },
  );
});

describe('session machine paths', () => {
  const machine = sessionMachine.provide({
    actors: { createSession: never<{ token: string }, void>(), checkUser: never<CheckUserResult, { token: string | null }>() },
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

  for (const token of [null, 'stored-token']) {
    const input = { token };
    const paths = pathsToEveryState(machine, {
      events,
      input,
      serialize: (s) => JSON.stringify([s.value, s.context.customerId !== null, s.context.token !== null]),
    });

    it(`reaches anonymous and loggedIn starting with token ${String(token)}`, () => {
      const values = paths.map((p) => JSON.stringify(p.state.value));
      expect(values).toEqual(expect.arrayContaining(['"anonymous"', '"loggedIn"', '"checking"', '"creatingSession"']));
    });

    it.each(paths.map((p) => [JSON.stringify(p.state.value), describePath(p.steps) || '(start)', p] as const))(
      `token ${String(token)}: reaches %s via %s`,
      (_, __, path) => {
        expect(replay(machine, input, path.steps)).toEqual(path.state.value);
      },
    );
  }
});

describe('locale machine paths', () => {
  const machine = localeMachine.provide({ actors: { loadCatalog: never<void, { locale: 'ar' | 'en' }>() } });
  const input = { locale: 'ar' as const, cookieEnabled: true };
  const paths = pathsToEveryState(machine, {
    input,
    events: [
      { type: 'locale.switch', to: 'en', href: '/products' } as EventObject,
      { type: 'locale.switch', to: 'ar', href: '/en/products' } as EventObject,
      { type: 'xstate.done.actor.loadCatalog' },
      { type: 'xstate.error.actor.loadCatalog', error: new Error('chunk') } as EventObject,
    ],
    serialize: (s) => JSON.stringify([s.value, s.context.locale]),
  });

  it.each(paths.map((p) => [JSON.stringify(p.state.value), describePath(p.steps) || '(start)', p] as const))(
    'reaches %s via %s',
    (_, __, path) => {
      expect(replay(machine, input, path.steps)).toEqual(path.state.value);
    },
  );
});
