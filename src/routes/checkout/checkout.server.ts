import { resumeOrder, resumeTarget } from '../../../machines/checkout/checkout.rules';
import { getAddresses } from '../../../services/account.service';
import { getCities } from '../../../services/content.service';
import { getCheckoutOrders, getShippingMethods } from '../../../services/checkout.service';
import type { ShopClient } from '../../../services/client';
import type { CheckoutFirstPaint } from '../../lib/checkout-seed';

/**
 * Reads, with the customer's own token, what the machine would fetch first: the orders (the same
 * `getCheckoutOrders` the machine's `fetchCheckoutOrders` calls, so the same resume rules apply)
 * and the data of the step it resumes at. Null when the Shop API fails: the page then shows its
 * loading line and the machine fetches (and reports the failure with its retry), as before.
 */
export async function loadCheckoutFirstPaint(client: ShopClient, code: string, returning: boolean): Promise<CheckoutFirstPaint | null> {
  try {
    const orders = await getCheckoutOrders(client, { code });
    const target = resumeTarget(orders, returning);
    const step = target === 'address' || target === 'shipping' || target === 'review' || target === 'payment' ? target : null;
    const firstPaint: CheckoutFirstPaint = { seed: { code, orders }, step };
    if (step && resumeOrder(orders, returning)) {
      if (step === 'address') firstPaint.addresses = await getAddresses(client);
      if (step === 'shipping') firstPaint.shippingMethods = await getShippingMethods(client);
    }
    return firstPaint;
  } catch {
    return null;
  }
}

/** The shop's country whose cities a new address is chosen from (spec: the default country is SA). */
const SHOP_COUNTRY = 'SA';

/** `cities(SA)` for the checkout's address form (the profile's form reads the same); null on failure. */
export async function loadCheckoutCities(client: ShopClient) {
  try {
    return await getCities(client, SHOP_COUNTRY);
  } catch {
    return null;
  }
}
