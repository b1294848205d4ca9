import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Pagination, type PaginationProps } from '../../../../../src/components/pagination/pagination';
import {
  assertPaginationProps,
  formatPageNumber,
  pageCount,
  pageHref,
  pageItems,
  PaginationPropsError,
  visibleRange,
  type PaginationRulesInput,
} from '../../../../../src/components/pagination/pagination-rules';
import { renderWithApp, renderWithI18n } from '../../../helpers/render';

const valid: PaginationRulesInput = {
  total: 95,
  perPage: 10,
  current: 1,
  visiblePages: 5,
  dir: 'ltr',
  locale: 'en',
  type: 'link',
  linkPattern: '/products?page={page}',
};

describe('pagination rules', () => {
  it('accepts valid props', () => {
    expect(() => assertPaginationProps(valid)).not.toThrow();
    expect(() => assertPaginationProps({ ...valid, type: 'button', linkPattern: undefined, hasOnPageChange: true })).not.toThrow();
    expect(() => assertPaginationProps({ ...valid, total: 0 })).not.toThrow();
  });

  it.each([
    [{ perPage: 0 }, /perPage must be an integer > 0, got 0/],
    [{ perPage: -3 }, /perPage/],
    [{ perPage: 2.5 }, /perPage/],
    [{ current: 0 }, /current must be an integer > 0, got 0/],
    [{ visiblePages: 0 }, /visiblePages must be an integer > 0/],
    [{ total: -1 }, /total must be an integer >= 0/],
    [{ total: Number.NaN }, /total/],
    [{ dir: 'up' }, /dir must be "ltr" or "rtl", got "up"/],
    [{ locale: 'fr' }, /locale must be "en", "ar" or "ir", got "fr"/],
    [{ type: 'select' }, /type must be "link" or "button"/],
    [{ linkPattern: '/products?page=1' }, /linkPattern containing "\{page\}"/],
    [{ linkPattern: undefined }, /linkPattern/],
    [{ type: 'button', hasOnPageChange: false }, /onPageChange/],
  ] as const)('rejects %o with a clear developer error', (patch, message) => {
    const attempt = () => assertPaginationProps({ ...valid, ...patch } as PaginationRulesInput);
    expect(attempt).toThrow(PaginationPropsError);
    expect(attempt).toThrow(message);
  });

  it('counts pages', () => {
    expect(pageCount(95, 10)).toBe(10);
    expect(pageCount(100, 10)).toBe(10);
    expect(pageCount(0, 10)).toBe(0);
  });

  it.each([
    [1, 10, 5, [1, 2, 3, 4, 5]],
    [5, 10, 5, [3, 4, 5, 6, 7]],
    [10, 10, 5, [6, 7, 8, 9, 10]],
    [9, 10, 5, [6, 7, 8, 9, 10]],
    [2, 3, 5, [1, 2, 3]],
    [4, 10, 4, [3, 4, 5, 6]],
    [1, 1, 5, [1]],
  ])('page %i of %i with %i visible shows %j', (current, count, visible, expected) => {
    expect(visibleRange(current, count, visible)).toEqual(expected);
  });

  // Issue 32 §7: the spec's 5 visible pages are the numbers the bar shows, the first and the last
  // page among them (a window of 5 plus both ends showed 6 or 7). `…` marks a gap.
  const shown = (current: number, count: number, visible: number) =>
    pageItems(current, count, visible)
      .map((i) => (i.kind === 'gap' ? '…' : String(i.page)))
      .join(' ');
  it.each([
    [1, 10, 5, '1 2 3 4 … 10'],
    [3, 10, 5, '1 2 3 4 … 10'],
    [4, 10, 5, '1 … 3 4 5 … 10'],
    [5, 10, 5, '1 … 4 5 6 … 10'],
    [8, 10, 5, '1 … 7 8 9 10'],
    [10, 10, 5, '1 … 7 8 9 10'],
    [2, 5, 5, '1 2 3 4 5'],
    [6, 6, 5, '1 … 3 4 5 6'],
    [4, 10, 7, '1 2 3 4 5 6 … 10'],
    [5, 10, 2, '5 6'],
    [5, 10, 1, '5'],
  ])('page %i of %i with %i visible shows %s', (current, count, visible, expected) => {
    expect(shown(current, count, visible)).toBe(expected);
  });

  it('never shows more page numbers than visible, always the current one and, from 3 visible, both ends', () => {
    for (let count = 1; count <= 30; count++) {
      for (let visible = 1; visible <= 9; visible++) {
        for (let current = 1; current <= count; current++) {
          const pages = pageItems(current, count, visible).flatMap((i) => (i.kind === 'page' ? [i.page] : []));
          expect(pages.length).toBe(Math.min(visible, count));
          expect(pages).toContain(current);
          expect([...pages].sort((a, b) => a - b)).toEqual(pages);
          if (visible >= 3) expect([pages[0], pages.at(-1)]).toEqual([1, count]);
        }
      }
    }
  });

  it('fills the page placeholder everywhere', () => {
    expect(pageHref('/en/products/c/shoes?page={page}&sort=NEWEST', 3)).toBe('/en/products/c/shoes?page=3&sort=NEWEST');
  });

  it('writes page numbers in the locale digits', () => {
    expect(formatPageNumber(12, 'en')).toBe('12');
    expect(formatPageNumber(12, 'ar')).toBe('١٢');
    expect(formatPageNumber(12, 'ir')).toBe('۱۲');
    expect(formatPageNumber(1234, 'en')).toBe('1234');
  });
});

describe('<Pagination>', () => {
  afterEach(cleanup);

  const base: PaginationProps = { total: 95, current: 4, dir: 'ltr', locale: 'en', type: 'link', linkPattern: '/products?page={page}' };

  it('renders an accessible nav with the current page marked', () => {
    renderWithApp(<Pagination {...base} />);

    const nav = screen.getByRole('navigation', { name: 'Pagination' });
    expect(nav.getAttribute('dir')).toBe('ltr');
    const current = screen.getByRole('link', { name: 'Page 4' });
    expect(current.getAttribute('aria-current')).toBe('page');
    expect(screen.getByRole('link', { name: 'Page 5' }).getAttribute('aria-current')).toBeNull();
    expect(screen.getByRole('link', { name: 'Previous page' }).getAttribute('href')).toBe('/products?page=3');
    expect(screen.getByRole('link', { name: 'Next page' }).getAttribute('href')).toBe('/products?page=5');
    // The spec's 5 visible pages: the first, 3..5 around the current one, the last.
    expect(screen.getAllByRole('link', { name: /^Page / }).map((a) => a.textContent)).toEqual(['1', '3', '4', '5', '10']);
  });

  it.each([
    ['en', 'ltr', ['1', '2', '3', '4', '10']],
    ['ar', 'rtl', ['١', '٢', '٣', '٤', '١٠']],
  ] as const)('shows 5 page numbers by default on the first of 10 pages (%s)', (locale, dir, expected) => {
    renderWithApp(<Pagination {...base} current={1} dir={dir} locale={locale} />);
    const pages = screen.getAllByRole('link', { name: /^Page / });
    expect(pages.map((a) => a.textContent)).toEqual(expected);
  });

  it('has no previous control on the first page and no next on the last', () => {
    renderWithApp(<Pagination {...base} current={10} />);
    expect(screen.queryByRole('link', { name: 'Next page' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Previous page' })).toBeTruthy();
  });

  it('renders nothing when everything fits on one page', () => {
    const { container } = renderWithApp(<Pagination {...base} total={7} current={1} />);
    expect(container.querySelector('nav')).toBeNull();
  });

  it('calls onPageChange in button mode', () => {
    const onPageChange = vi.fn();
    renderWithApp(<Pagination total={30} current={1} dir="rtl" locale="ar" type="button" onPageChange={onPageChange} />);

    fireEvent.click(screen.getByRole('button', { name: 'Page ٣' }));
    fireEvent.click(screen.getByRole('button', { name: 'Next page' }));

    expect(onPageChange.mock.calls).toEqual([[3], [2]]);
    expect(screen.getByRole('navigation').getAttribute('dir')).toBe('rtl');
  });

  it('throws a developer error for a link pattern without the placeholder', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(() => renderWithI18n(<Pagination {...base} linkPattern="/products" />)).toThrow(/linkPattern containing "\{page\}"/);
  });
});
