import { useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { Outlet } from 'react-router';
import { ErrorPage } from '../components/error-page/lazy-error-page';
import { ShieldIcon } from '../components/icons/icons';
import { LocaleLink } from '../components/locale-link/locale-link';
import { Logo } from '../components/logo/logo';

/** Checkout: logo, a secure-checkout note and a way back to the cart; no menus, no footer links. */
function CheckoutChrome({ children }: { children: ReactNode }) {
  const { t } = useLingui();
  const year = new Date().getFullYear();
  return (
    <>
      <a href="#main" className="skip-link">
        {t`Skip to content`}
      </a>
      <header className="minimal-header minimal-header--checkout">
        <div className="container minimal-header__inner">
          <Logo />
          <p className="minimal-header__note">
            <ShieldIcon size={20} />
            <span>{t`Secure checkout`}</span>
          </p>
          <LocaleLink to="/cart" className="minimal-header__link">
            {t`Back to cart`}
          </LocaleLink>
        </div>
      </header>
      <main id="main" className="main" tabIndex={-1}>
        {children}
      </main>
      <footer className="minimal-footer">
        <div className="container">
          <p>{t`© ${year} Elegance Store. All rights reserved.`}</p>
        </div>
      </footer>
    </>
  );
}

export default function CheckoutLayout() {
  return (
    <CheckoutChrome>
      <Outlet />
    </CheckoutChrome>
  );
}

export function ErrorBoundary({ error }: { error: unknown }) {
  return (
    <CheckoutChrome>
      <div className="container">
        <ErrorPage error={error} />
      </div>
    </CheckoutChrome>
  );
}
