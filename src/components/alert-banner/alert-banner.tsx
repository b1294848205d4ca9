import { useLingui } from '@lingui/react/macro';
import { useEffect, useState } from 'react';
import { localizePath } from '../../i18n/paths';
import { CloseIcon, InfoIcon } from '../icons/icons';
import { LocaleLink } from '../locale-link/locale-link';
import { alertDomId, readDismissedAlerts, rememberDismissedAlert } from './dismissed-alerts';
import { localizeDigits } from '../../lib/digits';
import { useLocale } from '../../lib/use-locale';
import type { AlertView } from '../../lib/chrome-data';

/** The dismissible banner above the header, from the `Alert` query. */
export function AlertBanner({ alert }: { alert: AlertView }) {
  const { t } = useLingui();
  const locale = useLocale();
  const [dismissed, setDismissed] = useState(false);

  useEffect(() => {
    setDismissed(readDismissedAlerts(window.localStorage).includes(alert.id));
  }, [alert.id]);

  if (dismissed) return null;

  return (
    <div className="alert-banner" data-alert-id={alertDomId(alert.id)} role="region" aria-label={t`Announcement`}>
      <div className="container alert-banner__inner">
        <InfoIcon size={18} />
        {/* Spec: the alert links to home, whatever url the Alert record carries. */}
        <LocaleLink to={localizePath('/', 'ar')} className="alert-banner__text">
          {localizeDigits(alert.name, locale)}
        </LocaleLink>
        <button
          type="button"
          className="icon-button alert-banner__close"
          aria-label={t`Dismiss announcement`}
          onClick={() => {
            rememberDismissedAlert(window.localStorage, alert.id);
            setDismissed(true);
          }}
        >
          <CloseIcon size={18} />
        </button>
      </div>
    </div>
  );
}
