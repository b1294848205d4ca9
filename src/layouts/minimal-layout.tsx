import { useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { Outlet } from 'react-router';
import { ErrorPage } from '../components/error-page/lazy-error-page';
import { LanguageSwitch } from '../containers/language-switch';
import { Logo } from '../components/logo/logo';

/** Logo and the language switch (the auth flow): nothing else that leads away from the task. */
function MinimalChrome({ children }: { children: ReactNode }) {
  const { t } = useLingui();
  return (
    <>
      <a href="#main" className="skip-link">
        {t`Skip to content`}
      </a>
      <header className="minimal-header">
        <div className="container minimal-header__inner">
          <Logo />
          <LanguageSwitch className="minimal-header__language" />
        </div>
      </header>
      <main id="main" className="main main--narrow" tabIndex={-1}>
        {children}
      </main>
    </>
  );
}

export default function MinimalLayout() {
  return (
    <MinimalChrome>
      <Outlet />
    </MinimalChrome>
  );
}

export function ErrorBoundary({ error }: { error: unknown }) {
  return (
    <MinimalChrome>
      <ErrorPage error={error} />
    </MinimalChrome>
  );
}
