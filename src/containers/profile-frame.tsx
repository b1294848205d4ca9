import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { ProfileShell, type ProfileShellProps } from '../components/profile/profile-shell';
import { useLocalizePath } from '../lib/use-locale';
import { useSessionSummary } from './app-actors';

/**
 * The profile area's frame: the shell, and the watch decision 012 asks of guarded pages — when the
 * session turns anonymous while the page is open (signed out here or in another tab), go to the
 * home page of this locale, replacing the personal page in history.
 */
export function ProfileFrame(props: ProfileShellProps) {
  const { loggedIn } = useSessionSummary();
  const navigate = useNavigate();
  const localize = useLocalizePath();
  const wasLoggedIn = useRef(false);
  useEffect(() => {
    if (loggedIn) wasLoggedIn.current = true;
    else if (wasLoggedIn.current) void navigate(localize('/'), { replace: true });
  }, [loggedIn, navigate, localize]);
  return <ProfileShell {...props} />;
}
