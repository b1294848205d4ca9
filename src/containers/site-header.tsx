import { useLingui } from '@lingui/react/macro';
import { lazy, Suspense, useRef, useState } from 'react';
import type { ChromeData } from '../lib/chrome-data';
import { AlertBanner } from '../components/alert-banner/alert-banner';
import { BagIcon, CloseIcon, HeartIcon, MenuIcon, SearchIcon, UserIcon, UserPlusIcon } from '../components/icons/icons';
import { LanguageSwitch } from './language-switch';
import { LocaleLink } from '../components/locale-link/locale-link';
import { Logo } from '../components/logo/logo';
import { HeaderSearch } from './header-search';
import { CategoryNav } from '../components/header/category-nav';
import { CountBadge } from '../components/header/count-badge';
import { useSessionSummary } from './app-actors';
import { SignOutButton } from './sign-out-button';
import { useStickyHeaderSize } from '../lib/use-sticky-header-size';

// The drawer is code the shopper may never need: it loads on the first press of the menu button
// (decision 009). The button starts the download on pointer down, before the click.
const loadMobileMenu = () => import('../components/mobile-menu/mobile-menu');
const MobileMenu = lazy(() => loadMobileMenu().then((module) => ({ default: module.MobileMenu })));

/** The default layout's header: alert, logo, search, account/wishlist/cart, categories. */
export function SiteHeader({ chrome }: { chrome: Pick<ChromeData, 'alert' | 'categories'> }) {
  const { t } = useLingui();
  const session = useSessionSummary();
  const [menuOpen, setMenuOpen] = useState(false);
  const [menuMounted, setMenuMounted] = useState(false);
  const [searchOpen, setSearchOpen] = useState(false);
  const header = useRef<HTMLElement>(null);
  useStickyHeaderSize(header);

  return (
    <header ref={header} className="site-header">
      {chrome.alert && <AlertBanner alert={chrome.alert} />}
      <div className="container header-bar">
        <button
          type="button"
          className="icon-button header-bar__menu"
          aria-label={t`Open menu`}
          aria-haspopup="dialog"
          aria-expanded={menuOpen}
          aria-controls={menuMounted ? 'mobile-menu' : undefined}
          onPointerDown={() => void loadMobileMenu()}
          onClick={() => {
            setMenuMounted(true);
            setMenuOpen(true);
          }}
        >
          <MenuIcon />
        </button>
        <Logo />
        <div className="header-bar__search">
          <HeaderSearch id="header-search" />
        </div>
        <div className="header-actions">
          <button
            type="button"
            className="icon-button header-actions__search-toggle"
            aria-label={searchOpen ? t`Close search` : t`Search`}
            aria-expanded={searchOpen}
            aria-controls="mobile-search"
            onClick={() => setSearchOpen((v) => !v)}
          >
            {searchOpen ? <CloseIcon /> : <SearchIcon />}
          </button>
          <LanguageSwitch className="header-actions__language" />
          {session.loggedIn ? (
            <>
              <LocaleLink to="/profile" className="icon-button header-actions__account">
                <UserIcon />
                <span className="visually-hidden">{t`My account`}</span>
              </LocaleLink>
              <SignOutButton className="button button--secondary header-actions__sign-out" />
            </>
          ) : (
            <LocaleLink to="/auth" className="icon-button header-actions__account">
              <UserPlusIcon />
              <span className="visually-hidden">{t`Sign in or create an account`}</span>
            </LocaleLink>
          )}
          <LocaleLink to="/wishlist" className="icon-button header-actions__wishlist">
            <HeartIcon />
            <span className="visually-hidden">{t`Wishlist`}</span>
            <CountBadge count={session.wishlistCount} />
          </LocaleLink>
          <LocaleLink to="/cart" className="icon-button">
            <BagIcon />
            <span className="visually-hidden">{t`Cart`}</span>
            <CountBadge count={session.cartCount} />
          </LocaleLink>
        </div>
      </div>
      <div id="mobile-search" className="container mobile-search" hidden={!searchOpen}>
        {searchOpen && <HeaderSearch id="mobile-search-box" autoFocus onSubmitted={() => setSearchOpen(false)} />}
      </div>
      <CategoryNav categories={chrome.categories} />
      {menuMounted && (
        <Suspense fallback={null}>
          <MobileMenu
            id="mobile-menu"
            open={menuOpen}
            onClose={() => setMenuOpen(false)}
            categories={chrome.categories}
            languageSwitch={<LanguageSwitch className="mobile-menu__item" />}
            wishlistCount={session.wishlistCount}
            loggedIn={session.loggedIn}
            signOut={session.loggedIn ? <SignOutButton className="mobile-menu__item" onSignedOut={() => setMenuOpen(false)} /> : null}
          />
        </Suspense>
      )}
    </header>
  );
}
