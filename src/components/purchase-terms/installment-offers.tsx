import { useLingui } from '@lingui/react/macro';
import { installmentOffer, type InstallmentTerms } from '../../lib/installments';
import { useLocale } from '../../lib/use-locale';
import { installmentProviderName } from '../checkout/payment-method-name';
import { installmentOfferText } from './purchase-terms-text';

export interface InstallmentPlanView extends InstallmentTerms {
  /** The method's name from the backend, for a provider the storefront does not know by code. */
  name: string;
}

export interface InstallmentOffersProps {
  /** The total the plans split (halalas with tax); null while it is not known: nothing is shown. */
  total: number | null;
  plans: readonly InstallmentPlanView[];
}

/**
 * "Pay in instalments": each provider's plan for this total (product page, cart). Nothing at all
 * without a total or a plan, so no figure is shown that the checkout would not charge.
 */
export function InstallmentOffers({ total, plans }: InstallmentOffersProps) {
  const { i18n, t } = useLingui();
  const locale = useLocale();
  const offers = plans.flatMap((plan) => {
    const offer = installmentOffer(total, plan);
    return offer ? [{ plan, offer }] : [];
  });
  if (offers.length === 0) return null;
  return (
    <ul className="installment-offers" aria-label={t`Pay in instalments`}>
      {offers.map(({ plan, offer }) => (
        <li key={plan.methodCode} className="installment-offers__item">
          <span className="installment-offers__provider">{installmentProviderName(i18n, plan.methodCode, plan.name)}</span>{' '}
          <span>{installmentOfferText(i18n, locale, offer)}</span>
        </li>
      ))}
    </ul>
  );
}
