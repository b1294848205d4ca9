import { setupI18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor, type AnyActorLogic } from 'xstate';
import { catalogueFiltersMachine } from '../../../../machines/catalogue-filters.machine';
import { DEFAULT_LISTING, type ListingParams } from '../../../../src/lib/catalogue/listing-params';

const handle = vi.hoisted(() => ({ actors: null as unknown, load: vi.fn(async () => {}) }));
vi.mock('../../../../src/containers/app-actors', () => ({ useAppActorsHandle: () => handle }));

const { FilterBarContainer } = await import('../../../../src/containers/filter-bar');

const actors = {
  machine: async (name: string) => {
    if (name !== 'catalogueFilters') throw new Error(`unexpected machine ${name}`);
    return catalogueFiltersMachine;
  },
  spawn: (logic: AnyActorLogic, options?: { input?: unknown }) => createActor(logic, options),
};
const data = { colors: [], brands: [], subCategories: [], priceBounds: { min: 0, max: 700 } };
const hrefFor = (p: ListingParams) => `/products?min=${p.minPrice}&max=${p.maxPrice}`;

const i18n = setupI18n({ locale: 'en', messages: { en: {} } });
function Bar({ navigate }: { navigate: (href: string) => void }) {
  return (
    <I18nProvider i18n={i18n}>
      <MemoryRouter initialEntries={['/en/products']}>
        <FilterBarContainer params={DEFAULT_LISTING} data={data} hrefFor={hrefFor} navigate={navigate} />
      </MemoryRouter>
    </I18nProvider>
  );
}

/** Lets the page's machine arrive (it is handed over asynchronously, decision 022). */
const settle = () => act(async () => {});
const minSlider = () => screen.getByRole('slider', { name: /Minimum price/ }) as HTMLInputElement;

afterEach(() => {
  cleanup();
  handle.actors = null;
  handle.load.mockClear();
});

describe('<FilterBarContainer>', () => {
  it('applies a price committed with the actors there: one navigation to the new range', async () => {
    handle.actors = actors;
    const navigate = vi.fn();
    render(<Bar navigate={navigate} />);
    await settle();
    const min = minSlider();
    act(() => {
      fireEvent.change(min, { target: { value: '150' } });
      fireEvent.pointerUp(min);
    });
    expect(navigate.mock.calls).toEqual([['/products?min=150&max=null']]);
  });

  it('shows a price dragged before the actors load, asks for them, and applies it once they are there', async () => {
    const navigate = vi.fn();
    const { rerender } = render(<Bar navigate={navigate} />);
    const min = minSlider();
    act(() => {
      fireEvent.change(min, { target: { value: '200' } });
      fireEvent.pointerUp(min);
    });
    expect(min.value).toBe('200');
    expect(handle.load).toHaveBeenCalled();
    expect(navigate).not.toHaveBeenCalled();

    handle.actors = actors;
    rerender(<Bar navigate={navigate} />);
    expect(navigate).not.toHaveBeenCalled();
    await settle();
    // The queued change and commit reach the machine after its `price.apply` is listened to.
    expect(navigate.mock.calls).toEqual([['/products?min=200&max=null']]);
    expect(minSlider().value).toBe('200');
  });
});
