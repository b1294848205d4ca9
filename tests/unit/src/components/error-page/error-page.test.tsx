import { setupI18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { cleanup, render, screen } from '@testing-library/react';
import { createMemoryRouter, data, RouterProvider, useRouteError } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { ErrorPage } from '../../../../../src/components/error-page/error-page';

function Boundary() {
  return <ErrorPage error={useRouteError()} />;
}

/** A page whose loader throws what src/server/outage.mjs (or a guard) throws while Vendure is down. */
function renderFailingPage(status: number, path = '/en/products?page=2') {
  const i18n = setupI18n({ locale: 'en', messages: { en: {} } });
  const router = createMemoryRouter(
    [
      {
        path: '*',
        loader: () => {
          throw data('down', { status });
        },
        element: <p>page</p>,
        errorElement: <Boundary />,
      },
    ],
    { initialEntries: [path] },
  );
  return render(
    <I18nProvider i18n={i18n}>
      <RouterProvider router={router} />
    </I18nProvider>,
  );
}

afterEach(cleanup);

describe('ErrorPage', () => {
  it('says the store is briefly unavailable on a 503, with a retry link to the same page and no redirect home', async () => {
    renderFailingPage(503);
    expect(await screen.findByRole('heading', { level: 1, name: 'The store is briefly unavailable' })).toBeTruthy();
    expect(screen.getByText('We are working on it and will be back in a moment. Your cart and your details are safe.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Try again' }).getAttribute('href')).toBe('/en/products?page=2');
    expect(screen.queryByText('You will be taken to the home page in 8 seconds.')).toBeNull();
  });

  it('keeps the generic error page for a 500', async () => {
    renderFailingPage(500);
    expect(await screen.findByRole('heading', { level: 1, name: 'Something went wrong' })).toBeTruthy();
    expect(screen.queryByText('The store is briefly unavailable')).toBeNull();
  });
});
