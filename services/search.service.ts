import type { RequestOptions, ShopClient } from './client';
import { AssetFields, FacetRefFields } from './fragments';
import { graphql } from './graphql';

// Product search (the header's combobox and the search page). Catalogue reads are public; SSR
// loaders pass `{ cacheable: true }` to send them as GET.

// Spec §7: search(name; contains filter, newest first, skip 0, take 100). The term is normalised
// by the search machine and again by the server.
export const SEARCH_TAKE = 100;

export const searchDocument = graphql(
  `
    query search($term: String!, $skip: Int, $take: Int) {
      searchProducts(term: $term, skip: $skip, take: $take) {
        items {
          id
          name
          slug
          featuredAsset {
            ...AssetFields
          }
          customFields {
            subTitle
          }
          brand {
            ...FacetRefFields
          }
          priceSummary {
            priceWithTax
            minPriceWithTax
            maxPriceWithTax
          }
        }
        totalItems
      }
    }
  `,
  [AssetFields, FacetRefFields],
);

export interface SearchHit {
  id: string;
  name: string;
  slug: string;
  thumbnail: { preview: string; width: number; height: number; focalPoint: { x: number; y: number } | null } | null;
  /** The brand's name, so hits of the same name tell their maker apart. */
  brand: string | null;
  /** Halalas: the cheapest variant a shopper can buy (of all when none can), null without variants. */
  price: number | null;
  /** Variants cost different amounts: shown as "from …". */
  priceVaries: boolean;
  /** Only when another hit shows the same name, brand and price: what tells them apart. */
  detail: string | null;
}

interface SearchSource {
  id: string;
  name: string;
  slug: string;
  featuredAsset?: { preview: string; width: number; height: number; focalPoint?: { x: number; y: number } | null } | null;
  customFields?: { subTitle?: string | null } | null;
  brand?: { name: string } | null;
  /** The server's summary of the variants (decision 019, session 10): 100 hits without their variants. */
  priceSummary?: { priceWithTax: number; minPriceWithTax: number; maxPriceWithTax: number } | null;
}

/**
 * Hits a shopper can tell apart: one per product (a product matched twice is shown once), each
 * with brand and price; look-alikes (same name, brand and price) also show their subtitle.
 */
export function toSearchHits(items: readonly SearchSource[]): SearchHit[] {
  const seen = new Set<string>();
  const hits: SearchHit[] = [];
  const subTitles = new Map<string, string | null>();
  for (const p of items) {
    if (seen.has(p.id)) continue;
    seen.add(p.id);
    const prices = p.priceSummary ?? null;
    subTitles.set(p.id, p.customFields?.subTitle || null);
    hits.push({
      id: p.id,
      name: p.name,
      slug: p.slug,
      thumbnail: p.featuredAsset
        ? {
            preview: p.featuredAsset.preview,
            width: p.featuredAsset.width,
            height: p.featuredAsset.height,
            focalPoint: p.featuredAsset.focalPoint ?? null,
          }
        : null,
      brand: p.brand?.name ?? null,
      price: prices?.priceWithTax ?? null,
      priceVaries: prices ? prices.minPriceWithTax !== prices.maxPriceWithTax : false,
      detail: null,
    });
  }
  const look = (h: SearchHit) => `${h.name}\u0000${h.brand ?? ''}\u0000${h.price ?? ''}`;
  const counts = new Map<string, number>();
  for (const h of hits) counts.set(look(h), (counts.get(look(h)) ?? 0) + 1);
  return hits.map((h) => ((counts.get(look(h)) ?? 0) > 1 ? { ...h, detail: subTitles.get(h.id) ?? null } : h));
}

export async function searchProducts(
  client: ShopClient,
  variables: { term: string; skip?: number; take?: number },
  options?: RequestOptions,
): Promise<{ items: SearchHit[]; totalItems: number }> {
  const { searchProducts: page } = await client.request(
    searchDocument,
    { term: variables.term, skip: variables.skip ?? 0, take: variables.take ?? SEARCH_TAKE },
    options,
  );
  return { totalItems: page.totalItems, items: toSearchHits(page.items) };
}
