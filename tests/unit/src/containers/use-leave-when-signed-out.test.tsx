import { act, cleanup } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { useLeaveWhenSessionEnds, type SessionLike } from '../../../../src/containers/use-leave-when-signed-out';
import { renderWithApp } from '../../helpers/render';

// A session stand-in with the one thing the watch reads (customerId), switched by the test.
type FakeSnapshot = { context: { customerId: string | null } };
function fakeSession(customerId: string | null): SessionLike & { set(id: string | null): void } {
  let snapshot: FakeSnapshot = { context: { customerId } };
  const observers = new Set<(s: FakeSnapshot) => void>();
  return {
    getSnapshot: () => snapshot,
    subscribe(observer) {
      observers.add(observer);
      return { unsubscribe: () => void observers.delete(observer) };
    },
    set(id) {
      snapshot = { context: { customerId: id } };
      for (const o of observers) o(snapshot);
    },
  };
}

function GuardedPage({ session }: { session: SessionLike | null }) {
  useLeaveWhenSessionEnds(session);
  return <p>private</p>;
}

afterEach(cleanup);

describe('useLeaveWhenSessionEnds', () => {
  it('goes to the English home page, replacing the entry, when the session signs out', () => {
    const session = fakeSession('C1');
    const { router } = renderWithApp(<GuardedPage session={session} />, { path: '/en/checkout/ORD1?step=payment' });
    expect(router.state.location.pathname).toBe('/en/checkout/ORD1');

    act(() => session.set(null));

    expect(router.state.location.pathname).toBe('/en');
    expect(router.state.historyAction).toBe('REPLACE');
  });

  it('goes to the Arabic home page from an Arabic page', () => {
    const session = fakeSession('C1');
    const { router } = renderWithApp(<GuardedPage session={session} />, { path: '/checkout-success?order=ORD1' });

    act(() => session.set(null));

    expect(router.state.location.pathname).toBe('/');
  });

  it('stays while the actors have not loaded, and when the session was anonymous from the start', () => {
    const { router } = renderWithApp(<GuardedPage session={null} />, { path: '/en/profile' });
    expect(router.state.location.pathname).toBe('/en/profile');
    cleanup();

    const anonymous = fakeSession(null);
    const second = renderWithApp(<GuardedPage session={anonymous} />, { path: '/en/profile' });
    act(() => anonymous.set(null));
    expect(second.router.state.location.pathname).toBe('/en/profile');
  });
});
