import { useLingui } from '@lingui/react/macro';
import { deliveryWindow, type DeliveryDays } from '../../lib/delivery-estimate';
import { useLocale } from '../../lib/use-locale';
import { deliveryEstimateText } from './purchase-terms-text';

/**
 * "Delivery in 1–5 working days": the window the shop's delivery options cover (product page,
 * cart), for the default country; the shipping step then names each option's own time.
 */
export function DeliveryEstimate({ times }: { times: readonly DeliveryDays[] }) {
  const { i18n } = useLingui();
  const locale = useLocale();
  const window = deliveryWindow(times);
  if (!window) return null;
  return <p className="delivery-estimate">{deliveryEstimateText(i18n, locale, window)}</p>;
}
