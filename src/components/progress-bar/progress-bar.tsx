import { useLingui } from '@lingui/react/macro';
import { useEffect, useState } from 'react';
import { useNavigation } from 'react-router';

// Navigations faster than this never show the bar (no flicker on cached pages).
const SHOW_AFTER_MS = 150;

/** A thin bar at the top of the viewport while a route change loads. */
export function ProgressBar() {
  const navigation = useNavigation();
  const { t } = useLingui();
  const busy = navigation.state !== 'idle';
  const [visible, setVisible] = useState(false);

  useEffect(() => {
    if (!busy) {
      setVisible(false);
      return;
    }
    const timer = setTimeout(() => setVisible(true), SHOW_AFTER_MS);
    return () => clearTimeout(timer);
  }, [busy]);

  if (!visible) return null;
  return <div className="route-progress" role="progressbar" aria-label={t`Loading page`} />;
}
