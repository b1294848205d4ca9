import { ProfileShell, type ProfileShellProps } from '../components/profile/profile-shell';
import { useLeaveWhenSignedOut } from './use-leave-when-signed-out';

/** The profile area's frame: the shell, on a page that leaves when the session signs out (decision 012). */
export function ProfileFrame(props: ProfileShellProps) {
  useLeaveWhenSignedOut();
  return <ProfileShell {...props} />;
}
