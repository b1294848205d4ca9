import { useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { LocaleNavLink } from '../locale-link/locale-link';

export interface ProfileShellProps {
  title: ReactNode;
  /** Sign-out control from the auth flow (a button driving the sign-out machine); the header's link otherwise. */
  signOut?: ReactNode;
  children: ReactNode;
}

/** The profile area: its own navigation beside (desktop) or above (mobile) the page. */
export function ProfileShell({ title, signOut, children }: ProfileShellProps) {
  const { t } = useLingui();
  const links: { to: string; label: string; end?: boolean }[] = [
    { to: '/profile', label: t`Profile`, end: true },
    { to: '/profile/addresses', label: t`Addresses` },
    { to: '/profile/orders', label: t`Orders` },
    { to: '/profile/payments', label: t`Payments` },
    { to: '/profile/change-password', label: t`Change password` },
  ];
  return (
    <div className="container profile">
      <nav className="profile-nav" aria-label={t`My account`}>
        <ul className="profile-nav__list">
          {links.map((l) => (
            <li key={l.to}>
              <LocaleNavLink to={l.to} end={l.end} className="profile-nav__link">
                {l.label}
              </LocaleNavLink>
            </li>
          ))}
          {signOut && <li className="profile-nav__signout">{signOut}</li>}
        </ul>
      </nav>
      <div className="profile__main">
        <h1 className="profile__title">{title}</h1>
        {children}
      </div>
    </div>
  );
}
