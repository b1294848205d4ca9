import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { useLocalizePath } from '../lib/use-locale';
import { useAppActor } from './app-actors';
import { useActorSelector, type SelectableActor } from './use-actor-selector';

/** What the watch reads of the session actor (machines/session.machine.ts fits). */
export type SessionLike = SelectableActor<{ context: { customerId: string | null } }>;

/**
 * The watch decision 012 asks of guarded pages: when the session turns anonymous while the page is
 * open (signed out here or in another tab), go to the home page of this locale, replacing the
 * personal page in history. Only a session seen signed in counts: until the app's actors load the
 * session reads as anonymous, and that must not send the shopper away.
 */
export function useLeaveWhenSignedOut(): void {
  useLeaveWhenSessionEnds(useAppActor('session').actor);
}

/** The watch on a given session actor (null until the app's actors load). */
export function useLeaveWhenSessionEnds(session: SessionLike | null): void {
  const loggedIn = useActorSelector(session, (s) => s.context.customerId !== null, false);
  const navigate = useNavigate();
  const localize = useLocalizePath();
  const wasLoggedIn = useRef(false);
  useEffect(() => {
    if (loggedIn) wasLoggedIn.current = true;
    else if (wasLoggedIn.current) {
      // once: the navigation re-renders this page before it unmounts
      wasLoggedIn.current = false;
      void navigate(localize('/'), { replace: true });
    }
  }, [loggedIn, navigate, localize]);
}
