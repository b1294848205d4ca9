import { setupI18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { cleanup, render, screen, within } from '@testing-library/react';
import type { ComponentType } from 'react';
import { createMemoryRouter, RouterProvider, useRouteError } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import CheckoutLayout, { ErrorBoundary as CheckoutError } from '../../../../src/layouts/checkout-layout';
import MinimalLayout from '../../../../src/layouts/minimal-layout';

// The language switch asks the app's actors for the locale machine; none are needed to render.
vi.mock('../../../../src/containers/app-actors', () => ({
  useAppActorsHandle: () => ({ actors: null, load: () => new Promise(() => {}) }),
  useAppActor: () => ({ actor: null, send: () => new Promise(() => {}), request: () => {} }),
}));

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

function renderLayout(Layout: ComponentType, path: string, page: () => never | React.ReactElement, ErrorBoundary?: ComponentType) {
  const i18n = setupI18n({ locale: 'en', messages: { en: {} } });
  const router = createMemoryRouter([{ path: '/en', Component: Layout, ErrorBoundary, children: [{ path: '*', Component: page }] }], {
    initialEntries: [path],
  });
  return render(
    <I18nProvider i18n={i18n}>
      <RouterProvider router={router} />
    </I18nProvider>,
  );
}

describe('checkout layout', () => {
  it('has the logo, the secure-checkout note, a way back to the cart and the page in <main>, without the shop menus', () => {
    renderLayout(CheckoutLayout, '/en/checkout/ABC', () => <h1>Delivery address</h1>);
    const banner = screen.getByRole('banner');
    expect(within(banner).getByText('Secure checkout')).toBeTruthy();
    expect(within(banner).getByRole('link', { name: 'Back to cart' }).getAttribute('href')).toBe('/en/cart');
    expect(within(screen.getByRole('main')).getByRole('heading', { name: 'Delivery address' })).toBeTruthy();
    expect(screen.queryByRole('navigation')).toBeNull();
    expect(screen.queryByRole('search')).toBeNull();
  });

  it('shows the error page inside the same chrome when the page fails', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    renderLayout(
      CheckoutLayout,
      '/en/checkout/ABC',
      () => {
        throw new Error('boom');
      },
      // Framework mode passes `error` as a prop; a memory router does not.
      () => <CheckoutError error={useRouteError()} />,
    );
    expect(within(screen.getByRole('banner')).getByRole('link', { name: 'Back to cart' })).toBeTruthy();
    // The error page comes from its own chunk (decision 022): the chrome is there at once, the page once loaded.
    expect(await within(screen.getByRole('main')).findByRole('heading', { name: 'Something went wrong' })).toBeTruthy();
    expect(within(screen.getByRole('main')).getByRole('link', { name: 'Go shopping' }).getAttribute('href')).toBe('/en/products');
  });
});

describe('minimal layout', () => {
  it('has only the logo and the language switch above the page', () => {
    renderLayout(MinimalLayout, '/en/auth?redirect=%2Fcart', () => <h1>Sign in</h1>);
    const banner = screen.getByRole('banner');
    const links = within(banner).getAllByRole('link');
    expect(links).toHaveLength(2);
    // The switch keeps the page and its query (the sign-in redirect).
    expect(links.map((l) => l.getAttribute('href'))).toContain('/auth?redirect=%2Fcart');
    expect(within(screen.getByRole('main')).getByRole('heading', { name: 'Sign in' })).toBeTruthy();
    expect(screen.queryByRole('navigation')).toBeNull();
  });
});
