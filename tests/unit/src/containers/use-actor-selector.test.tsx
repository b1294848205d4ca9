import { act, cleanup, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it } from 'vitest';
import { assign, createActor, setup, type Actor } from 'xstate';
import { useActorSelector } from '../../../../src/containers/use-actor-selector';

const counter = setup({
  types: { context: {} as { count: number; other: number }, events: {} as { type: 'inc' } | { type: 'other' } },
}).createMachine({
  context: { count: 1, other: 0 },
  on: {
    inc: { actions: assign({ count: ({ context }) => context.count + 1 }) },
    other: { actions: assign({ other: ({ context }) => context.other + 1 }) },
  },
});
type CounterActor = Actor<typeof counter>;

let renders = 0;
function Count({ actor }: { actor: CounterActor | null }) {
  renders += 1;
  // A fresh fallback literal on every render must not loop (the first one is kept).
  const view = useActorSelector(
    actor,
    (s) => ({ count: s.context.count }),
    { count: -1 },
    (a, b) => a.count === b.count,
  );
  return <output aria-label="count">{view.count}</output>;
}

afterEach(() => {
  cleanup();
  renders = 0;
});

describe('useActorSelector', () => {
  it('renders the fallback on the server and while there is no actor', () => {
    expect(renderToString(<Count actor={null} />)).toContain('>-1<');
    render(<Count actor={null} />);
    expect(screen.getByLabelText('count').textContent).toBe('-1');
  });

  it('selects from the actor and follows its changes', () => {
    const actor = createActor(counter).start();
    render(<Count actor={actor} />);
    expect(screen.getByLabelText('count').textContent).toBe('1');
    act(() => actor.send({ type: 'inc' }));
    expect(screen.getByLabelText('count').textContent).toBe('2');
  });

  it('does not re-render when an unselected part changes', () => {
    const actor = createActor(counter).start();
    render(<Count actor={actor} />);
    const before = renders;
    act(() => actor.send({ type: 'other' }));
    act(() => actor.send({ type: 'other' }));
    expect(renders).toBe(before);
  });

  it('switches from the fallback to the actor when it arrives (the app actors load after hydration)', () => {
    const actor = createActor(counter).start();
    let arrive: (a: CounterActor) => void = () => {};
    function Host() {
      const [a, setA] = useState<CounterActor | null>(null);
      arrive = setA;
      return <Count actor={a} />;
    }
    render(<Host />);
    expect(screen.getByLabelText('count').textContent).toBe('-1');
    act(() => arrive(actor));
    expect(screen.getByLabelText('count').textContent).toBe('1');
    act(() => actor.send({ type: 'inc' }));
    expect(screen.getByLabelText('count').textContent).toBe('2');
  });
});
