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
  const { actor, send } = usePageActor('contact');
  lastSend = send as unknown as Send;
  lastActor = actor as typeof lastActor;
  return null;
}

let machineLoads = 0;
let failNextLoad = false;
const actors = {
  machine: async (name: string) => {
    machineLoads++;
    if (failNextLoad) {
      failNextLoad = false;
      throw new Error('chunk failed to load');
    }
    if (name !== 'contact') throw new Error(`unexpected machine ${name}`);
    return typed;
  },
  spawn: (logic: AnyActorLogic, options?: { input?: unknown }) => createActor(logic, options),
};

/** Lets the page's machine arrive (handed over asynchronously, decision 022). */
const settle = () => act(async () => {});

afterEach(() => {
  cleanup();
  machineLoads = 0;
  failNextLoad = false;
  handle.actors = null;
  lastSend = null;
  lastActor = null;
});

describe('usePageActor', () => {
  it('queues what is sent before the actors load, asks for them, and hands it over in order', async () => {
    const { rerender } = render(<Page />);
    act(() => {
      lastSend!({ type: 'key', value: 'a' });
      lastSend!({ type: 'key', value: 'b' });
    });
    expect(handle.load).toHaveBeenCalled();
    expect(lastActor).toBeNull();
    handle.actors = actors;
    rerender(<Page />);
    // The machine comes from its own chunk: still queued until it is there.
    expect(lastActor).toBeNull();
    await settle();
    expect(lastActor!.getSnapshot().context.text).toBe('ab');
  });

  it('delivers an event sent with the previous render`s send after the actor has started', async () => {
    const { rerender } = render(<Page />);
    const before = lastSend!;
    handle.actors = actors;
    rerender(<Page />);
    await settle();
    // A key handler bound in the render before the actor existed fires now.
    act(() => before({ type: 'key', value: 'x' }));
    expect(lastActor!.getSnapshot().context.text).toBe('x');
  });

  it('keeps what was typed when the machine chunk fails to load, and tries again at the next event', async () => {
    failNextLoad = true;
    handle.actors = actors;
    render(<Page />);
    await settle();
    expect(lastActor).toBeNull();
    expect(machineLoads).toBe(1);
    act(() => lastSend!({ type: 'key', value: 'a' }));
    await settle();
    expect(machineLoads).toBe(2);
    act(() => lastSend!({ type: 'key', value: 'b' }));
    expect(lastActor!.getSnapshot().context.text).toBe('ab');
  });

  it('starts nothing when the page is left before the machine arrives', async () => {
    handle.actors = actors;
    const { unmount } = render(<Page />);
    unmount();
    await settle();
    expect(lastActor).toBeNull();
  });
});
