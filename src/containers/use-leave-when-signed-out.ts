import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { useLocalizePath } from '../lib/use-locale';
import { useAppActor } from './app-actors';
import { useActorSelector } from './use-actor-selector';

/**
 * The watch decision 012 asks of guarded pages: when the session turns anonymous while the page is
 * open (signed out here or in another tab), go to the home page of this locale, replacing the
 * personal page in history. Only a session seen signed in counts: until the app's actors load the
 * session reads as anonymous, and that must not send the shopper away.
 */
export function useLeaveWhenSignedOut(): void {
  const { actor: session } = useAppActor('session');
  const loggedIn = useActorSelector(session, (s) => s.context.customerId !== null, false);
  const navigate = useNavigate();
  const localize = useLocalizePath();
  const wasLoggedIn = useRef(false);
  useEffect(() => {
    if (loggedIn) wasLoggedIn.current = true;
    else if (wasLoggedIn.current) void navigate(localize('/'), { replace: true });
  }, [loggedIn, navigate, localize]);
}
