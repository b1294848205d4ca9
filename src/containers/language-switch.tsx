import { Link, useLocation } from 'react-router';
import { useAppActor } from './app-actors';
import { useLocale } from '../lib/use-locale';
import { otherLocale } from '../i18n/locales';
import { switchLocaleHref } from '../i18n/paths';
import { GlobeIcon } from '../components/icons/icons';

// The other language's name is written in that language (it is what its readers look for).
const NAMES = { ar: 'العربية', en: 'English' } as const;

/**
 * The link to the same page (same query and hash) in the other language. A plain click goes
 * through the locale machine (it loads the other catalog, stores the cookie when enabled, then
 * navigates); modified clicks and clicks before hydration follow the real link, which the server
 * answers in the other language as well.
 */
export function LanguageSwitch({ className }: { className?: string }) {
  const locale = useLocale();
  const { send } = useAppActor('locale');
  const { pathname, search, hash } = useLocation();
  const to = otherLocale(locale);
  const current = pathname + search + hash;
  return (
    <Link
      to={switchLocaleHref(current, to)}
      className={['language-switch', className].filter(Boolean).join(' ')}
      hrefLang={to}
      lang={to}
      onClick={(event) => {
        if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
        event.preventDefault();
        // The locale machine loads with the app's actors; a click before that waits for them.
        void send({ type: 'locale.switch', to, href: current });
      }}
    >
      <GlobeIcon size={20} />
      <span>{NAMES[to]}</span>
    </Link>
  );
}
