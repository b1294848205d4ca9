import { getPurchaseTerms, type PurchaseTerms } from '../../services/purchase-terms.service';
import type { Locale } from '../i18n/locales';
import { cachedRead } from './shop.server';

export type { PurchaseTerms };

const NONE: PurchaseTerms = { installmentPlans: [], deliveryTimes: [] };

/**
 * The instalment plans and delivery times for a page's first paint (product page, cart), read
 * like the catalogue: anonymous and cached per language. A page is still worth showing without
 * them: a failed read is logged and shows no plan and no estimate (never a made-up one).
 */
export async function loadPurchaseTerms(locale: Locale): Promise<PurchaseTerms> {
  try {
    return await cachedRead(locale, 'PurchaseTerms', {}, (client) => getPurchaseTerms(client, { cacheable: true }));
  } catch (e) {
    console.warn(`[ssr] purchase terms unavailable: ${(e as Error).message}`);
    return NONE;
  }
}
