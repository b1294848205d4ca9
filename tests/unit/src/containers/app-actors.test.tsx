import { act, cleanup, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppActorsProvider, provideAppActors, useAppActor, type AppActor } from '../../../../src/containers/app-actors';
import type { AppActors } from '../../../../src/app/actors';
import { renderWithApp } from '../../helpers/render';

// A cart stand-in: records what it is sent. The provider also tells the locale actor of the route.
const cartEvents: unknown[] = [];
const fakeCart = {
  send: (event: unknown) => void cartEvents.push(event),
  getSnapshot: () => ({}),
  subscribe: () => ({ unsubscribe() {} }),
};
const fakeActors = { cart: fakeCart, locale: { send: () => {} } } as unknown as AppActors;
const start = vi.fn((_options: unknown) => fakeActors);
let releaseChunk: () => void = () => {};
const chunk = new Promise<void>((resolve) => (releaseChunk = resolve));
provideAppActors(() => chunk.then(() => start));

let seen: AppActor<AppActors['cart']> | null = null;
function Probe() {
  seen = useAppActor('cart');
  return null;
}

afterEach(cleanup);

describe('useAppActor', () => {
  it('is null until the actors load, and an event sent meanwhile reaches the actor once they are there', async () => {
    renderWithApp(
      <AppActorsProvider cookieLocale={false} tokenSyncUrl={null}>
        <Probe />
      </AppActorsProvider>,
      { path: '/en/products' },
    );
    expect(seen?.actor).toBeNull();

    let delivered = false;
    const sent = seen!.send({ type: 'cart.add', variantId: 'V1', quantity: 2 }).then(() => (delivered = true));
    await act(async () => {
      await Promise.resolve();
    });
    expect(cartEvents).toEqual([]);
    expect(delivered).toBe(false);

    await act(async () => {
      releaseChunk();
      await sent;
    });
    expect(cartEvents).toEqual([{ type: 'cart.add', variantId: 'V1', quantity: 2 }]);
    expect(start).toHaveBeenCalledTimes(1);
    expect(start.mock.calls[0]![0]).toMatchObject({ locale: 'en', cookieLocale: false, tokenSyncUrl: null, secureCookies: false });
    await waitFor(() => expect(seen?.actor).toBe(fakeCart));

    await act(async () => {
      await seen!.send({ type: 'cart.dismiss' });
    });
    expect(cartEvents).toEqual([{ type: 'cart.add', variantId: 'V1', quantity: 2 }, { type: 'cart.dismiss' }]);
    expect(start).toHaveBeenCalledTimes(1);
  });
});
