import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { acceptedEvents, eventLabel, externalEvents, guardName, machineToGraph } from '../../../../../src/app/inspector/graph';
import { doorMachine } from './fixture';

describe('machineToGraph', () => {
  const graph = machineToGraph(doorMachine);

  it('lists every state node, parents first, with its type, initial child and invoked actors', () => {
    expect(graph.nodes).toEqual([
      { id: 'door', key: 'door', parent: null, type: 'compound', initial: 'door.closed', invokes: [] },
      { id: 'door.closed', key: 'closed', parent: 'door', type: 'compound', initial: 'door.closed.unlocked', invokes: [] },
      { id: 'door.closed.unlocked', key: 'unlocked', parent: 'door.closed', type: 'atomic', initial: null, invokes: [] },
      { id: 'door.closed.locked', key: 'locked', parent: 'door.closed', type: 'atomic', initial: null, invokes: [] },
      { id: 'door.open', key: 'open', parent: 'door', type: 'parallel', initial: null, invokes: ['checkAlarm'] },
      { id: 'door.open.light', key: 'light', parent: 'door.open', type: 'compound', initial: 'door.open.light.off', invokes: [] },
      { id: 'door.open.light.off', key: 'off', parent: 'door.open.light', type: 'atomic', initial: null, invokes: [] },
      { id: 'door.open.light.on', key: 'on', parent: 'door.open.light', type: 'atomic', initial: null, invokes: [] },
      { id: 'door.open.door', key: 'door', parent: 'door.open', type: 'compound', initial: 'door.open.door.ajar', invokes: [] },
      { id: 'door.open.door.ajar', key: 'ajar', parent: 'door.open.door', type: 'atomic', initial: null, invokes: [] },
      { id: 'door.open.door.wide', key: 'wide', parent: 'door.open.door', type: 'atomic', initial: null, invokes: [] },
      { id: 'door.done', key: 'done', parent: 'door', type: 'final', initial: null, invokes: [] },
    ]);
  });

  it('turns every transition into an edge labelled with its event and guard; targetless ones loop', () => {
    expect(graph.edges.map((e) => [e.source, e.label, e.guard, e.target, e.internal])).toEqual([
      ['door', 'alarm.reset', null, 'door.closed', false],
      ['door.closed', 'door.open', 'and(isUnlocked, not(isNight))', 'door.open', false],
      ['door.closed.unlocked', 'door.lock', 'hasCode', 'door.closed.locked', false],
      ['door.closed.locked', 'after 500ms', null, 'door.closed.unlocked', false],
      ['door.open', 'door.close', null, 'door.closed', false],
      ['door.open', 'light.toggle', null, 'door.open', true],
      ['door.open', 'done: alarm', null, 'door.done', false],
      ['door.open', 'error: alarm', null, 'door.closed', false],
      ['door.open.light.off', 'light.toggle', null, 'door.open.light.on', false],
      ['door.open.light.on', 'light.toggle', null, 'door.open.light.off', false],
      ['door.open.door.ajar', 'always', 'isUnlocked', 'door.open.door.wide', false],
    ]);
  });

  it('keeps the raw event types, and lists the ones sent from outside', () => {
    expect(graph.edges.filter((e) => e.event.startsWith('xstate.') || e.event === '').map((e) => e.event)).toEqual([
      'xstate.after.500.door.closed.locked',
      'xstate.done.actor.alarm',
      'xstate.error.actor.alarm',
      '',
    ]);
    expect(externalEvents(graph)).toEqual(['alarm.reset', 'door.close', 'door.lock', 'door.open', 'light.toggle']);
  });
});

describe('labels', () => {
  it.each([
    ['', 'always'],
    ['xstate.after.300.search.debouncing', 'after 300ms'],
    ['xstate.after.debounce.search.debouncing.waiting', 'after debounce'],
    ['xstate.done.actor.fetchCart', 'done: fetchCart'],
    ['xstate.error.actor.0.cart.loading', 'error: 0.cart.loading'],
    ['xstate.done.state.checkout.payment', 'done: checkout.payment'],
    ['cart.add', 'cart.add'],
  ])('event %j reads %j', (event, label) => expect(eventLabel(event)).toBe(label));

  it('names guards by their type, helpers by their parts, inline functions by name', () => {
    expect(guardName('isA')).toBe('isA');
    expect(guardName({ type: 'hasB', params: { n: 1 } })).toBe('hasB');
    expect(
      guardName(function isQuick() {
        return true;
      }),
    ).toBe('isQuick');
    expect(guardName(() => true)).toBe('inline');
    expect(guardName(undefined)).toBeNull();
  });
});

describe('acceptedEvents (snapshot.can)', () => {
  it('lists only what the current state takes: guards asked with a bare { type }', () => {
    const actor = createActor(doorMachine).start();
    const events = externalEvents(machineToGraph(doorMachine));
    // closed.unlocked: door.lock's guard needs a code the bare event lacks; light/close are not handled here
    expect(acceptedEvents(actor.getSnapshot(), events)).toEqual(['alarm.reset', 'door.open']);
    actor.send({ type: 'door.open' });
    expect(acceptedEvents(actor.getSnapshot(), events)).toEqual(['alarm.reset', 'door.close', 'light.toggle']);
    actor.stop();
  });

  it('lists an event whose guard throws on a bare event (the payload editor supplies it)', () => {
    const snapshot = {
      can: ({ type }: { type: string }) => {
        if (type === 'b') throw new TypeError('no payload');
        return type === 'a';
      },
    };
    expect(acceptedEvents(snapshot, ['a', 'b', 'c'])).toEqual(['a', 'b']);
  });
});
