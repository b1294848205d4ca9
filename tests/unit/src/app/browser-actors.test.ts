import { describe, expect, it } from 'vitest';
import { createActor, createMachine, type AnyActorRef, type InspectionEvent } from 'xstate';
import { inspectedSpawn, inspectorModeOf } from '../../../../src/app/browser-actors';
import type { AppActors } from '../../../../src/containers/app-actors.types';

describe('inspectorModeOf', () => {
  it.each([
    ['', undefined, null],
    ['?q=shoes', undefined, null],
    ['?inspect', undefined, 'local'],
    ['?inspect=1', undefined, 'local'],
    ['?inspect=stately', undefined, 'stately'],
    ['', '1', 'local'],
    ['', 'stately', 'stately'],
    ['', '', null],
    ['?inspect=stately', '1', 'stately'],
    ['?inspect', 'stately', 'local'],
  ] as const)('%j with VITE_INSPECT=%j → %j', (search, env, mode) => expect(inspectorModeOf(search, env)).toBe(mode));
});

describe('inspectedSpawn', () => {
  const page = createMachine({ id: 'contact', initial: 'editing', states: { editing: {} } });

  it('reports every page-scoped actor to the inspector with no option from the page', () => {
    const seen: string[] = [];
    const spawn = inspectedSpawn(createActor as AppActors['spawn'], (event: InspectionEvent) => {
      if (event.type === '@xstate.snapshot')
        seen.push(`${(event.actorRef as AnyActorRef).id}:${JSON.stringify((event.snapshot as { value?: unknown }).value)}`);
    });
    const withInput = spawn(page, { id: 'contact' }).start();
    const bare = spawn(createMachine({ id: 'filters', initial: 'idle', states: { idle: {} } })).start();
    expect(seen).toEqual(['contact:"editing"', `${bare.id}:"idle"`]);
    withInput.stop();
    bare.stop();
  });

  it("keeps a page's own inspect callback", () => {
    const mine: string[] = [];
    const theirs: string[] = [];
    const spawn = inspectedSpawn(createActor as AppActors['spawn'], (e) => theirs.push(e.type));
    spawn(page, { inspect: (e) => mine.push(e.type) })
      .start()
      .stop();
    expect(theirs).toEqual([]);
    expect(mine).toContain('@xstate.snapshot');
  });
});
