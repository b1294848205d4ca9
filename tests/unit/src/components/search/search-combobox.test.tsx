import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { useActorRef, useSelector } from '@xstate/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fromPromise } from 'xstate';
import { searchMachine } from '../../../../../machines/search.machine';
import type { SearchHit } from '../../../../../services/search.service';
import { SearchCombobox, type SearchComboboxProps, type SearchStatus } from '../../../../../src/components/search/search-combobox';
import { renderWithApp } from '../../../helpers/render';

const hits: SearchHit[] = [
  {
    id: '1',
    name: 'Blue shoe',
    slug: 'blue-shoe',
    thumbnail: { preview: '/assets/blue.jpg', width: 800, height: 800, focalPoint: null },
    brand: null,
    price: null,
    priceVaries: false,
    detail: null,
  },
  { id: '2', name: 'Red shoe', slug: 'red-shoe', thumbnail: null, brand: null, price: null, priceVaries: false, detail: null },
];

function setup(over: Partial<SearchComboboxProps> = {}) {
  const props: SearchComboboxProps = {
    id: 'test-search',
    query: 'shoe',
    status: 'results',
    results: hits,
    productHref: (slug) => `/en/products/${slug}`,
    onQueryChange: vi.fn(),
    onClear: vi.fn(),
    onSelect: vi.fn(),
    onRetry: vi.fn(),
    action: '/en/products',
    onSubmit: vi.fn(() => true),
    minLength: 3,
    ...over,
  };
  renderWithApp(<SearchCombobox {...props} />);
  const input = screen.getByRole('combobox', { name: 'Search products' });
  return { props, input };
}

describe('<SearchCombobox>', () => {
  afterEach(cleanup);

  it('lists results as product links with thumbnails once focused', () => {
    const { input } = setup();
    fireEvent.focus(input);

    expect(input.getAttribute('aria-expanded')).toBe('true');
    const listbox = screen.getByRole('listbox', { name: 'Search results' });
    expect(input.getAttribute('aria-controls')).toBe(listbox.id);
    const options = screen.getAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual(['Blue shoe', 'Red shoe']);
    expect(options[0]!.getAttribute('href')).toBe('/en/products/blue-shoe');
    expect(options[0]!.querySelector('img')?.getAttribute('src')).toBe('/assets/blue.jpg?preset=tiny&format=webp&q=75');
    expect(screen.getByRole('status').textContent).toBe('2 results');
  });

  it('shows each hit with its brand and price, so look-alikes can be told apart', () => {
    const lookAlikes: SearchHit[] = [
      { id: '7', name: 'Bag', slug: 'bag-a', thumbnail: null, brand: 'Acme', price: 12000, priceVaries: false, detail: null },
      { id: '8', name: 'Bag', slug: 'bag-b', thumbnail: null, brand: 'Zenith', price: 9950, priceVaries: true, detail: null },
    ];
    const { input } = setup({ results: lookAlikes });
    fireEvent.focus(input);
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual([
      // The page is Arabic here: Arabic-Indic digits, the riyal sign with its direction marks.
      'Bag, Acme, \u200f١٢٠\u00a0ر.س.\u200f',
      'Bag, Zenith, From \u200f٩٩٫٥٠\u00a0ر.س.\u200f',
    ]);
  });

  it('moves through results with the arrow keys and opens one with Enter', () => {
    const { input, props } = setup();
    fireEvent.focus(input);

    fireEvent.keyDown(input, { key: 'ArrowDown' });
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    const active = document.getElementById(input.getAttribute('aria-activedescendant')!);
    expect(active?.textContent).toBe('Red shoe');
    expect(active?.getAttribute('aria-selected')).toBe('true');
    fireEvent.keyDown(input, { key: 'ArrowDown' }); // wraps
    expect(document.getElementById(input.getAttribute('aria-activedescendant')!)?.textContent).toBe('Blue shoe');

    fireEvent.keyDown(input, { key: 'Enter' });
    expect(props.onSelect).toHaveBeenCalledWith(hits[0], '/en/products/blue-shoe');
    expect(input.getAttribute('aria-expanded')).toBe('false');
  });

  it('selects a clicked result', () => {
    const { input, props } = setup();
    fireEvent.focus(input);
    fireEvent.click(screen.getByRole('option', { name: 'Red shoe' }));
    expect(props.onSelect).toHaveBeenCalledWith(hits[1], '/en/products/red-shoe');
  });

  it('says "No results found"', () => {
    const { input } = setup({ status: 'noResults', results: [] });
    fireEvent.focus(input);
    expect(screen.getAllByText('No results found').length).toBeGreaterThan(0);
    expect(screen.queryAllByRole('option')).toHaveLength(0);
  });

  it('offers a retry after a failure', () => {
    const { input, props } = setup({ status: 'failed', results: [] });
    fireEvent.focus(input);
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(props.onRetry).toHaveBeenCalled();
  });

  it('Escape closes the list first, then clears the text', () => {
    const { input, props } = setup();
    fireEvent.focus(input);
    fireEvent.keyDown(input, { key: 'Escape' });
    expect(input.getAttribute('aria-expanded')).toBe('false');
    expect(props.onClear).not.toHaveBeenCalled();
    fireEvent.keyDown(input, { key: 'Escape' });
    expect(props.onClear).toHaveBeenCalled();
  });

  it('without a highlighted result, Enter submits the search for the full results page', () => {
    const { input, props } = setup();
    fireEvent.focus(input);
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(props.onSelect).not.toHaveBeenCalled();
    fireEvent.submit(input.closest('form')!); // what the browser does after that Enter
    expect(props.onSubmit).toHaveBeenCalledWith('shoe');
    expect(input.getAttribute('aria-expanded')).toBe('false');
  });

  it('is a GET form to the results page, so Enter works before the page is interactive', () => {
    const { input } = setup();
    const form = screen.getByRole('search');
    expect(form.getAttribute('action')).toBe('/en/products');
    expect(form.getAttribute('method')).toBe('get');
    expect(input.getAttribute('name')).toBe('q');
    const submit = screen.getByRole('button', { name: 'Show all results' });
    expect(submit.getAttribute('type')).toBe('submit');
    expect(form.contains(submit)).toBe(true);
  });

  it('says how long a search must be when the text is too short, until it changes', () => {
    const { input, props } = setup({ query: 'sh', status: 'idle', results: [], onSubmit: vi.fn(() => false) });
    fireEvent.focus(input);
    fireEvent.submit(input.closest('form')!);
    expect(props.onSubmit).toHaveBeenCalledWith('sh');
    // The page is Arabic here: the digit follows it (decision 015).
    expect(screen.getAllByText('Type at least ٣ characters to search.').length).toBeGreaterThan(0);
    expect(screen.getByRole('status').textContent).toBe('Type at least ٣ characters to search.');
    fireEvent.change(input, { target: { value: 'sho' } });
    expect(screen.queryAllByText('Type at least ٣ characters to search.')).toHaveLength(0);
  });

  it('reports typing', () => {
    const { input, props } = setup({ query: '', status: 'idle', results: [] });
    fireEvent.change(input, { target: { value: 'sho' } });
    expect(props.onQueryChange).toHaveBeenCalledWith('sho');
  });
});

describe('search box with the real search machine', () => {
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
  });

  function Wired({ search }: { search: (input: { term: string }) => Promise<{ items: SearchHit[]; totalItems: number }> }) {
    const actor = useActorRef(searchMachine.provide({ actors: { searchProducts: fromPromise(({ input }) => search(input)) } }));
    const query = useSelector(actor, (s) => s.context.query);
    const results = useSelector(actor, (s) => s.context.results);
    const status = useSelector(actor, (s) => s.value as SearchStatus);
    return (
      <SearchCombobox
        id="wired"
        query={query}
        status={status}
        results={results}
        productHref={(slug) => `/products/${slug}`}
        onQueryChange={(value) => actor.send({ type: 'search.type', value })}
        onClear={() => actor.send({ type: 'search.clear' })}
        onSelect={(hit) => actor.send({ type: 'search.select', slug: hit.slug })}
        onRetry={() => actor.send({ type: 'search.retry' })}
        action="/products"
        onSubmit={() => true}
        minLength={3}
      />
    );
  }

  it('does nothing for 2 characters and shows results for 3 after the debounce', async () => {
    vi.useFakeTimers();
    const search = vi.fn(async () => ({ items: hits, totalItems: 2 }));
    renderWithApp(<Wired search={search} />);
    const input = screen.getByRole('combobox');
    fireEvent.focus(input);

    fireEvent.change(input, { target: { value: 'sh' } });
    await act(() => vi.advanceTimersByTimeAsync(1500));
    expect(search).not.toHaveBeenCalled();

    fireEvent.change(input, { target: { value: 'sho' } });
    await act(() => vi.advanceTimersByTimeAsync(499));
    expect(search).not.toHaveBeenCalled();
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(search).toHaveBeenCalledWith({ term: 'sho', skip: 0, take: 100 });

    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['Blue shoe', 'Red shoe']);
  });
});
