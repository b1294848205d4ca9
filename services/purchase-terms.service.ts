import type { RequestOptions, ShopClient } from './client';
import { InstallmentPlanFields } from './fragments';
import { graphql, type ResultOf } from './graphql';

export const getPurchaseTermsDocument = graphql(
  `
    query PurchaseTerms {
      installmentPlans {
        ...InstallmentPlanFields
      }
      deliveryTimes {
        methodCode
        minDays
        maxDays
      }
    }
  `,
  [InstallmentPlanFields],
);

export type PurchaseTerms = ResultOf<typeof getPurchaseTermsDocument>;

/**
 * What the shop tells every shopper before the checkout: the instalment plans (Tamara, Tabby)
 * and the delivery methods' delivery times in working days. No order and no session needed: the
 * same for everyone, so SSR loaders read it as a cached catalogue read.
 */
export async function getPurchaseTerms(client: ShopClient, options?: RequestOptions): Promise<PurchaseTerms> {
  return client.request(getPurchaseTermsDocument, {}, options);
}
