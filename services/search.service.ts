import type { RequestOptions, ShopClient } from './client';
import { AssetFields } from './fragments';
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
        }
        totalItems
      }
    }
  `,
  [AssetFields],
);

export interface SearchHit {
  id: string;
  name: string;
  slug: string;
  thumbnail: { preview: string; width: number; height: number; focalPoint: { x: number; y: number } | null } | null;
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
  return {
    totalItems: page.totalItems,
    items: page.items.map((p) => ({
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
    })),
  };
}
