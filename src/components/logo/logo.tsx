import { useLingui } from '@lingui/react/macro';
import { useLocale } from '../../lib/use-locale';
import { LocaleLink } from '../locale-link/locale-link';

/** The store logo linking home: the right-to-left Arabic wordmark in Arabic, the Latin one otherwise. */
export function Logo() {
  const locale = useLocale();
  const { t } = useLingui();
  const src = locale === 'ar' ? '/logo-ar.svg' : '/logo-en.svg';
  return (
    <LocaleLink to="/" className="logo" aria-label={t`Elegance Store home page`}>
      <img src={src} width={168} height={40} alt="" />
    </LocaleLink>
  );
}
