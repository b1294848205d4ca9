import { describe, expect, it } from 'vitest';
import {
  DEFAULT_LISTING,
  canonicalSearch,
  clearFilters,
  hasActiveFilters,
  listingSearch,
  pageCount,
  parseListingParams,
  searchOf,
  priceBoundsOf,
  serializeListingParams,
  toProductFilterInput,
  toggleColor,
  withFilters,
} from '../../../../../src/lib/catalogue/listing-params';

const parse = (q: string) => parseListingParams(new URLSearchParams(q));

describe('parseListingParams', () => {
  it('gives the defaults for an empty query', () => {
    expect(parse('')).toEqual(DEFAULT_LISTING);
  });

  it('reads every param', () => {
    expect(parse('q=running%20shoes&page=3&sort=price-desc&view=list&min=100&max=500&color=red,black&brand=acme&subCategory=bags')).toEqual(
      {
        q: 'running shoes',
        page: 3,
        sort: 'price-desc',
        view: 'list',
        minPrice: 100,
        maxPrice: 500,
        colors: ['black', 'red'],
        brand: 'acme',
        subCategory: 'bags',
      },
    );
  });

  it.each([
    ['page=0', { page: 1 }],
    ['page=-2', { page: 1 }],
    ['page=abc', { page: 1 }],
    ['page=99999999', { page: 1 }],
    ['sort=cheapest', { sort: 'newest' }],
    ['view=table', { view: 'grid' }],
    ['min=abc&max=1e3', { minPrice: null, maxPrice: null }],
    ['min=0', { minPrice: null }],
    ['brand=<script>', { brand: null }],
    ['color=red,,red,%20blue,../x', { colors: ['blue', 'red'] }],
  ])('falls back to a default for a malformed %s', (q, expected) => {
    expect(parse(q)).toMatchObject(expected);
  });

  it('reads repeated colours and empty fields of a form submitted without JavaScript', () => {
    expect(parse('q=&color=red&color=blue&min=&max=&brand=&subCategory=&sort=newest&view=grid')).toEqual({
      ...DEFAULT_LISTING,
      colors: ['blue', 'red'],
    });
  });

  it('swaps a reversed price range', () => {
    expect(parse('min=500&max=100')).toMatchObject({ minPrice: 100, maxPrice: 500 });
  });
});

describe('the search (q)', () => {
  it('keeps the text as typed, spaces collapsed and cut to 100 characters; blank is no search', () => {
    expect(parse('q=%20%20أحذية%20%20رياضية%20').q).toBe('أحذية رياضية');
    expect(parse('q=%20%20').q).toBeNull();
    expect(parse(`q=${'a'.repeat(150)}`).q).toHaveLength(100);
  });

  it('searches from 3 characters (spec §5), folded Arabic counted', () => {
    expect(searchOf(parse('q=ab'))).toBeNull();
    expect(searchOf(parse('q=%D9%80ab%D9%80'))).toBeNull(); // tatweel is no letter
    expect(searchOf(parse('q=abc'))).toBe('abc');
    expect(searchOf(parse('q=احذيه'))).toBe('احذيه');
  });

  it('goes first in the URL and survives filters, sort, paging and clearing the filters', () => {
    const found = parse('q=shoes&page=2');
    expect(listingSearch(found)).toBe('?q=shoes&page=2');
    expect(listingSearch(withFilters(found, { brand: 'acme' }))).toBe('?q=shoes&brand=acme');
    expect(listingSearch(toggleColor(found, 'red'))).toBe('?q=shoes&color=red');
    expect(clearFilters(parse('q=shoes&color=red&sort=price-asc'))).toEqual({ ...DEFAULT_LISTING, q: 'shoes', sort: 'price-asc' });
  });

  it('is the Shop API term only when long enough to search for', () => {
    expect(toProductFilterInput(parse('q=أحذية&brand=acme'))).toMatchObject({ term: 'أحذية', brandCode: 'acme', skip: 0 });
    expect(toProductFilterInput(parse('q=ab')).term).toBeNull();
    expect(toProductFilterInput(parse('')).term).toBeNull();
  });
});

describe('serializeListingParams', () => {
  it('omits defaults so the default listing is the bare path', () => {
    expect(listingSearch(DEFAULT_LISTING)).toBe('');
  });

  it('round-trips in a stable order', () => {
    const q = 'view=list&color=red,black&page=2&min=100&sort=price-asc';
    const once = serializeListingParams(parse(q)).toString();
    expect(once).toBe('color=black%2Cred&min=100&sort=price-asc&view=list&page=2');
    expect(serializeListingParams(parse(once)).toString()).toBe(once);
  });
});

describe('changing the listing', () => {
  const onPage4 = parse('page=4&view=list&sort=price-asc');

  it('returns to page 1 when a filter changes, keeping view and sort', () => {
    expect(withFilters(onPage4, { brand: 'acme' })).toMatchObject({ page: 1, view: 'list', sort: 'price-asc', brand: 'acme' });
  });

  it('toggles a colour on and off', () => {
    const on = toggleColor(onPage4, 'red');
    expect(on.colors).toEqual(['red']);
    expect(on.page).toBe(1);
    expect(toggleColor(on, 'red').colors).toEqual([]);
  });

  it('knows when filters are active and clears them but not sort or view', () => {
    const filtered = parse('color=red&max=300&sort=price-desc&view=list&page=2');
    expect(hasActiveFilters(filtered)).toBe(true);
    expect(hasActiveFilters(onPage4)).toBe(false);
    expect(clearFilters(filtered)).toEqual({ ...DEFAULT_LISTING, sort: 'price-desc', view: 'list' });
  });
});

describe('canonicalSearch', () => {
  it('keeps only the page', () => {
    expect(canonicalSearch(parse('color=red&sort=price-asc&view=list'))).toBe('');
    expect(canonicalSearch(parse('color=red&page=3'))).toBe('?page=3');
  });
});

describe('toProductFilterInput', () => {
  it('maps URL state to the Shop API input with halalas and paging', () => {
    expect(toProductFilterInput(parse('page=3&min=100&max=500&color=red&sort=price-asc&brand=acme'), { categoryCode: 'bags' })).toEqual({
      categoryCode: 'bags',
      subCategoryCode: null,
      brandCode: 'acme',
      colorCodes: ['red'],
      minPrice: 10000,
      maxPrice: 50000,
      term: null,
      sort: 'PRICE_ASC',
      skip: 20,
      take: 10,
    });
  });

  it('lets the route scope win over a query param', () => {
    const input = toProductFilterInput(parse('brand=other&subCategory=x'), { brandCode: 'acme', subCategoryCode: 'totes' });
    expect(input.brandCode).toBe('acme');
    expect(input.subCategoryCode).toBe('totes');
  });
});

describe('pageCount', () => {
  it('has at least one page', () => {
    expect(pageCount(0)).toBe(1);
    expect(pageCount(10)).toBe(1);
    expect(pageCount(11)).toBe(2);
  });
});

describe('priceBoundsOf: the price slider tells the truth (issue 32 §5)', () => {
  it('reaches the listing’s dearest product: a listing up to SAR 6,499 gets a 0–6,500 scale', () => {
    // the backend rounds the highest price (halalas) up to whole 100 SAR
    expect(priceBoundsOf({ maxValue: 650_000 })).toEqual({ min: 0, max: 6500 });
  });

  it('falls back to spec §9’s 0–800 only for a listing without prices', () => {
    expect(priceBoundsOf({ maxValue: 0 })).toEqual({ min: 0, max: 800 });
  });
});
