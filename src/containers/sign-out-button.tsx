import { useLingui } from '@lingui/react/macro';
import { useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { localeFromPath, localizePath, stripLocalePrefix } from '../i18n/paths';
import { useActorSelector } from './use-actor-selector';
import { usePageActor } from './use-page-actor';

/** Pages only a signed-in customer may see (decision 012): after a sign-out, the shopper goes home. */
function isGuardedPath(pathname: string): boolean {
  const path = stripLocalePrefix(pathname);
  return /^\/(profile|checkout|checkout-success)(\/|$)/.test(path) || path === '/checkout-success';
}

export interface SignOutButtonProps {
  className?: string;
  /** Shown beside the text (the header shows only an icon on its own). */
  icon?: React.ReactNode;
  /** Keeps the text for screen readers only (an icon button). */
  iconOnly?: boolean;
  /** Called once signed out (the mobile menu closes). */
  onSignedOut?: () => void;
}

/**
 * "Sign out" for a signed-in customer (header, mobile menu): the sign-out machine calls the Shop
 * API's logout and clears local state only when it reports success (spec §4); the session then
 * starts a fresh anonymous visit. From a page only customers may see, it goes home.
 */
export function SignOutButton({ className, icon, iconOnly = false, onSignedOut }: SignOutButtonProps) {
  const { t } = useLingui();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const latest = useRef({ navigate, pathname, onSignedOut });
  latest.current = { navigate, pathname, onSignedOut };
  // Signed out: the header drops this button at once (the session is anonymous), so the move home
  // is the actor's subscriber's, not an effect of a component that is already gone.
  const { actor, send } = usePageActor('signOut', {
    eager: false,
    onStart: (started) => {
      const subscription = started.subscribe((snapshot) => {
        if (!snapshot.matches('signedOut')) return;
        const { navigate: go, pathname: here, onSignedOut: done } = latest.current;
        done?.();
        if (isGuardedPath(here)) void go(localizePath('/', localeFromPath(here)), { replace: true });
      });
      return () => subscription.unsubscribe();
    },
  });
  const state = useActorSelector(actor, (s) => (s.matches('signingOut') ? 'busy' : s.matches('failed') ? 'failed' : 'idle'), 'idle');

  const label = state === 'busy' ? t`Signing out…` : t`Sign out`;
  return (
    <>
      <button
        type="button"
        className={className}
        aria-disabled={state === 'busy' || undefined}
        onClick={() => state !== 'busy' && send({ type: 'signOut.submit' })}
      >
        {icon}
        {iconOnly ? <span className="visually-hidden">{label}</span> : <span>{label}</span>}
      </button>
      {state === 'failed' && (
        <span className="sign-out__error" role="alert">
          {t`We could not sign you out. Please try again.`}
        </span>
      )}
    </>
  );
}
