import { act, cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { assign, createActor, setup, type AnyActorLogic } from 'xstate';

const typed = setup({
  types: { context: {} as { text: string }, events: {} as { type: 'key'; value: string } },
}).createMachine({
  context: { text: '' },
  on: { key: { actions: assign({ text: ({ context, event }) => context.text + event.value }) } },
});

const handle = vi.hoisted(() => ({ actors: null as unknown, load: vi.fn(async () => {}) }));
vi.mock('../../../../src/containers/app-actors', () => ({ useAppActorsHandle: () => handle }));

const { usePageActor } = await import('../../../../src/containers/use-page-actor');

type Send = (event: { type: 'key'; value: string }) => void;
let lastSend: Send | null = null;
let lastActor: { getSnapshot(): { context: { text: string } } } | null = null;

function Page() {
  const { actor, send } = usePageActor(() => typed as never);
  lastSend = send as Send;
  lastActor = actor as typeof lastActor;
  return null;
}

const actors = {
  machines: {},
  spawn: (logic: AnyActorLogic, options?: { input?: unknown }) => createActor(logic, options),
};

afterEach(() => {
  cleanup();
  handle.actors = null;
  lastSend = null;
  lastActor = null;
});

describe('usePageActor', () => {
  it('queues what is sent before the actors load, asks for them, and hands it over in order', () => {
    const { rerender } = render(<Page />);
    act(() => {
      lastSend!({ type: 'key', value: 'a' });
      lastSend!({ type: 'key', value: 'b' });
    });
    expect(handle.load).toHaveBeenCalled();
    expect(lastActor).toBeNull();
    handle.actors = actors;
    rerender(<Page />);
    expect(lastActor!.getSnapshot().context.text).toBe('ab');
  });

  it('delivers an event sent with the previous render`s send after the actor has started', () => {
    const { rerender } = render(<Page />);
    const before = lastSend!;
    handle.actors = actors;
    rerender(<Page />);
    // A key handler bound in the render before the actor existed fires now.
    act(() => before({ type: 'key', value: 'x' }));
    expect(lastActor!.getSnapshot().context.text).toBe('x');
  });
});
