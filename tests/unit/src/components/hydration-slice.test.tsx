import { act, cleanup, render } from '@testing-library/react';
import { lazy } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { HydrationSlice, whenSlicesHydrated } from '../../../../src/components/hydration-slice';

afterEach(cleanup);

/** A part whose content arrives when the test says so (a slice React has not hydrated yet). */
function pendingPart(text: string) {
  let release: () => void = () => {};
  const arrived = new Promise<{ default: () => React.ReactElement }>((resolve) => {
    release = () => resolve({ default: () => <p>{text}</p> });
  });
  return { Part: lazy(() => arrived), release };
}

describe('whenSlicesHydrated', () => {
  it('runs at once when no slice is waiting', () => {
    render(
      <HydrationSlice>
        <p>ready</p>
      </HydrationSlice>,
    );
    const fn = vi.fn();
    whenSlicesHydrated(fn);
    expect(fn).toHaveBeenCalledTimes(1);
  });

  it('waits until every slice has committed its content; cancelling drops the wait', async () => {
    const first = pendingPart('header');
    const second = pendingPart('footer');
    const view = render(
      <>
        <HydrationSlice>
          <first.Part />
        </HydrationSlice>
        <HydrationSlice>
          <second.Part />
        </HydrationSlice>
      </>,
    );
    const fn = vi.fn();
    const cancelled = vi.fn();
    whenSlicesHydrated(fn);
    const cancel = whenSlicesHydrated(cancelled);
    cancel();

    await act(async () => first.release());
    expect(view.getByText('header')).toBeTruthy();
    expect(fn).not.toHaveBeenCalled();

    await act(async () => second.release());
    expect(view.getByText('footer')).toBeTruthy();
    expect(fn).toHaveBeenCalledTimes(1);
    expect(cancelled).not.toHaveBeenCalled();

    // Unmounting hydrated slices leaves nothing waiting.
    view.unmount();
    const later = vi.fn();
    whenSlicesHydrated(later);
    expect(later).toHaveBeenCalledTimes(1);
  });
});
