import { setupI18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { render, type RenderOptions } from '@testing-library/react';
import type { ReactElement } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';

/** Renders inside Lingui (source messages) and a memory router, like the app does. */
export function renderWithApp(ui: ReactElement, options: RenderOptions & { path?: string } = {}) {
  const i18n = setupI18n({ locale: 'en', messages: { en: {} } });
  const router = createMemoryRouter([{ path: '*', element: ui }], { initialEntries: [options.path ?? '/'] });
  return {
    router,
    ...render(
      <I18nProvider i18n={i18n}>
        <RouterProvider router={router} />
      </I18nProvider>,
      options,
    ),
  };
}

/** Lingui only, no router: render errors propagate to the caller. */
export function renderWithI18n(ui: ReactElement) {
  const i18n = setupI18n({ locale: 'en', messages: { en: {} } });
  return render(<I18nProvider i18n={i18n}>{ui}</I18nProvider>);
}
