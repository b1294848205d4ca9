/**
 * Categories as Vendure Collections (issue 17 item 2, docs/decisions/016-collections.md): every
 * category and sub-category facet value has a collection (same code as slug, same names, nested),
 * kept in step with the facet values; and core `search` keeps every variant's collectionIds right
 * when a collection's contents change, without a manual reindex.
 * Expectations come from the seed's catalogue spec and data (server/src/seed/catalogue).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { CATEGORIES } from '../../server/src/seed/catalogue/data';
import type { ProductSpec } from '../../server/src/seed/catalogue/generate';
import { adminApi, shopOk } from './helpers/shop-api';
import { createStoreTestEnv, type StoreTestEnv } from './helpers/test-env';

let env: StoreTestEnv;
let admin: Awaited<ReturnType<typeof adminApi>>;
let specs: ProductSpec[];
let productIds: string[];
/** collection id by slug */
let collectionIds: Map<string, string>;

interface CollectionRow {
  id: string;
  slug: string;
  name: string;
  parent: { slug: string } | null;
  children: Array<{ slug: string; name: string }>;
}
interface SearchRow {
  productId: string;
  productVariantId: string;
  collectionIds: string[];
}

const COLLECTIONS = `
  query Collections {
    collections(options: { take: 100 }) {
      items { id slug name parent { slug } children { slug name } }
    }
  }
`;

async function collections(lang: 'ar' | 'en' = 'en'): Promise<CollectionRow[]> {
  return (await shopOk<{ collections: { items: CollectionRow[] } }>(env, COLLECTIONS, {}, { lang })).data.collections.items;
}

/** Every variant in core `search`, with its collection ids (sorted). */
async function indexedVariants(): Promise<SearchRow[]> {
  const rows: SearchRow[] = [];
  for (let skip = 0; ; skip += 100) {
    const { data } = await shopOk<{ search: { totalItems: number; items: SearchRow[] } }>(
      env,
      `query Index($skip: Int) { search(input: { groupByProduct: false, take: 100, skip: $skip }) {
        totalItems items { productId productVariantId collectionIds } } }`,
      { skip },
    );
    rows.push(...data.search.items.map((r) => ({ ...r, collectionIds: [...r.collectionIds].sort() })));
    if (rows.length >= data.search.totalItems) return rows;
  }
}

/** The collections a product of this spec belongs to: its category's and its sub-category's. */
function expectedCollections(spec: ProductSpec): string[] {
  return [collectionIds.get(spec.category.code)!, collectionIds.get(spec.subCategory.code)!].sort();
}

/** Rows whose collection ids differ from `expected(productId)`, for a readable failure. */
function wrongRows(rows: SearchRow[], expected: (productId: string) => string[]) {
  return rows
    .filter((r) => JSON.stringify(r.collectionIds) !== JSON.stringify([...expected(r.productId)].sort()))
    .map((r) => ({ product: r.productId, variant: r.productVariantId, indexed: r.collectionIds, expected: expected(r.productId) }));
}

/** Polls until check() returns no problems or the time is up; returns the last problems. */
async function settle<T>(check: () => Promise<T[]>, timeoutMs = 20_000): Promise<T[]> {
  const deadline = Date.now() + timeoutMs;
  let problems = await check();
  while (problems.length && Date.now() < deadline) {
    await env.waitForJobs();
    await new Promise((r) => setTimeout(r, 250));
    problems = await check();
  }
  return problems;
}

const specOfProduct = (productId: string) => specs[productIds.indexOf(String(productId))];

describe('Shop API for standard clients: categories as collections', () => {
  beforeAll(async () => {
    // 30 products (~140 variants): a change touching every category moves more than 50 variants
    env = await createStoreTestEnv({ port: 3509, products: 30 });
    admin = await adminApi(env);
    specs = env.seed.catalogue;
    productIds = env.seed.productIds.map(String);
    collectionIds = new Map((await collections()).map((c) => [c.slug, c.id]));
  }, 300_000);

  afterAll(async () => {
    await env?.destroy();
  });

  describe('categories as collections', () => {
    it.each(['ar', 'en'] as const)('one top-level collection per category, its sub-categories nested, names in %s', async (lang) => {
      const rows = await collections(lang);
      const topLevel = rows.filter((c) => c.parent?.slug === '__root_collection__' || c.parent === null);
      expect(topLevel.map((c) => c.slug)).toEqual(CATEGORIES.map((c) => c.code));
      for (const cat of CATEGORIES) {
        const row = rows.find((c) => c.slug === cat.code)!;
        expect(row.name).toBe(cat[lang]);
        expect(row.children.map((c) => [c.slug, c.name])).toEqual(cat.sub.map((s) => [s.code, s[lang]]));
      }
    });

    it('core search has every variant of the seed in its category and sub-category collections', async () => {
      const rows = await indexedVariants();
      expect(new Set(rows.map((r) => r.productId)).size).toBe(specs.length);
      expect(wrongRows(rows, (id) => expectedCollections(specOfProduct(id)))).toEqual([]);
    });

    it('a collection listing in core search returns the products of its category', async () => {
      const category = specs[0].category.code;
      const { data } = await shopOk<{ search: { items: Array<{ productId: string }> } }>(
        env,
        `query ($slug: String!) { search(input: { collectionSlug: $slug, groupByProduct: true, take: 100 }) { items { productId } } }`,
        { slug: category },
      );
      const expected = specs.filter((s) => s.category.code === category).map((s) => productIds[s.index]);
      expect(data.search.items.map((i) => i.productId).sort()).toEqual([...expected].sort());
    });
  });

  describe('the search index follows collection changes without a reindex', () => {
    it('a product moved to another category is indexed in the new collections only', async () => {
      const moved = specs[0];
      const target = CATEGORIES.find((c) => c.code !== moved.category.code)!;
      const targetSub = target.sub[0];
      const fv = env.seed.facetValueIds;
      await admin(`mutation ($id: ID!, $fvs: [ID!]!) { updateProduct(input: { id: $id, facetValueIds: $fvs }) { id } }`, {
        id: productIds[moved.index],
        fvs: [fv[`category:${target.code}`], fv[`sub-category:${targetSub.code}`], fv[`brand:${moved.brand.code}`]].map(String),
      });
      const expected = (id: string) =>
        id === productIds[moved.index]
          ? [collectionIds.get(target.code)!, collectionIds.get(targetSub.code)!]
          : expectedCollections(specOfProduct(id));
      expect(await settle(async () => wrongRows(await indexedVariants(), expected))).toEqual([]);
    });

    it('a facet-value filter added to a collection reaches every variant it now holds (more than 50)', async () => {
      const first = CATEGORIES[0];
      const fv = env.seed.facetValueIds;
      const allCategories = CATEGORIES.map((c) => String(fv[`category:${c.code}`]));
      const before = await indexedVariants();
      const gaining = before.filter((r) => !r.collectionIds.includes(collectionIds.get(first.code)!));
      // the case Vendure's indexer got wrong: more than 50 variants change collection at once
      expect(gaining.length).toBeGreaterThan(50);

      await admin(
        `mutation ($id: ID!, $ids: String!) { updateCollection(input: { id: $id, filters: [{ code: "facet-value-filter",
          arguments: [{ name: "facetValueIds", value: $ids }, { name: "containsAny", value: "true" }] }] }) { id } }`,
        { id: collectionIds.get(first.code), ids: JSON.stringify(allCategories) },
      );
      const expected = (id: string) => {
        const own = before.find((r) => r.productId === id)!.collectionIds;
        return [...new Set([...own, collectionIds.get(first.code)!])];
      };
      expect(await settle(async () => wrongRows(await indexedVariants(), expected))).toEqual([]);
    });
  });

  describe('collections kept in step with the category facet', () => {
    it('renaming a category renames its collection in both languages', async () => {
      const cat = CATEGORIES[1];
      const id = String(env.seed.facetValueIds[`category:${cat.code}`]);
      await admin(
        `mutation ($id: ID!) { updateFacetValues(input: [{ id: $id, translations: [
          { languageCode: en, name: "Renamed" }, { languageCode: ar, name: "معاد تسميتها" }] }]) { id } }`,
        { id },
      );
      const names = async () => {
        const [en, ar] = [
          (await collections('en')).find((c) => c.slug === cat.code),
          (await collections('ar')).find((c) => c.slug === cat.code),
        ];
        return [en?.name, ar?.name];
      };
      await settle(async () => ((await names()).join() === 'Renamed,معاد تسميتها' ? [] : ['not yet']));
      expect(await names()).toEqual(['Renamed', 'معاد تسميتها']);
    });

    it('a new sub-category gets a collection under its category; deleting it deletes the collection', async () => {
      const cat = CATEGORIES[0];
      const { facets } = await admin(`query { facets(options: { filter: { code: { eq: "sub-category" } } }) { items { id } } }`);
      const created = await admin(
        `mutation ($facetId: ID!, $parent: String!) { createFacetValues(input: [{ facetId: $facetId, code: "test-new-sub",
          translations: [{ languageCode: en, name: "New sub" }, { languageCode: ar, name: "فرعية جديدة" }],
          customFields: { parentCode: $parent } }]) { id } }`,
        { facetId: facets.items[0].id, parent: cat.code },
      );
      const find = async () => (await collections('en')).find((c) => c.slug === 'test-new-sub');
      await settle(async () => ((await find()) ? [] : ['not yet']));
      const row = await find();
      expect(row && { name: row.name, parent: row.parent?.slug }).toEqual({ name: 'New sub', parent: cat.code });

      await admin(`mutation ($id: ID!) { deleteFacetValues(ids: [$id], force: true) { result } }`, { id: created.createFacetValues[0].id });
      await settle(async () => ((await find()) ? ['not yet'] : []));
      expect(await find()).toBeUndefined();
    });
  });

  it('asset URLs stay root-relative by default (the storefront proxies /assets to Vendure)', async () => {
    const { data } = await shopOk<{ products: { items: Array<{ featuredAsset: { preview: string } }> } }>(
      env,
      `query { products(options: { take: 3 }) { items { featuredAsset { preview } } } }`,
    );
    for (const p of data.products.items) expect(p.featuredAsset.preview).toMatch(/^\/assets\/preview\/\S+/);
  });
});

describe('Shop API for standard clients: absolute asset URLs when configured', () => {
  const PREFIX = 'https://api.shop.example/assets'; // no trailing slash: one is added
  let assetEnv: StoreTestEnv;

  beforeAll(async () => {
    // its own seed cache (name): two envs of one file must not evict each other's
    assetEnv = await createStoreTestEnv({ port: 3509, name: 'collections-asset-urls', env: { ASSET_URL_PREFIX: PREFIX } });
  }, 300_000);

  afterAll(async () => {
    await assetEnv?.destroy();
  });

  it('featuredAsset.preview and source are absolute URLs under ASSET_URL_PREFIX', async () => {
    const { data } = await shopOk<{
      products: { items: Array<{ featuredAsset: { preview: string; source: string } | null }> };
    }>(assetEnv, `query { products(options: { take: 5 }) { items { featuredAsset { preview source } } } }`);
    expect(data.products.items.length).toBe(5);
    for (const p of data.products.items) {
      expect(p.featuredAsset!.preview).toMatch(/^https:\/\/api\.shop\.example\/assets\/preview\/\S+/);
      expect(p.featuredAsset!.source).toMatch(/^https:\/\/api\.shop\.example\/assets\/source\/\S+/);
    }
  });

  it('search hits and listing cards (answered from the listing index) carry the same absolute URLs, on every request', async () => {
    const name = assetEnv.seed.catalogue[0].name.en;
    const detail = await shopOk<{ product: { id: string; featuredAsset: { preview: string; source: string } } }>(
      assetEnv,
      `query ($slug: String!) { product(slug: $slug) { id featuredAsset { preview source } } }`,
      { slug: assetEnv.seed.catalogue[0].slug },
    );
    for (let round = 0; round < 2; round++) {
      // the second round is answered from the index's kept cards: still prefixed once
      const { data } = await shopOk<{
        searchProducts: { items: Array<{ id: string; featuredAsset: { preview: string; source: string } | null }> };
        productByFilter: { items: Array<{ featuredAsset: { preview: string; source: string } | null }> };
      }>(
        assetEnv,
        `query ($term: String!) {
          searchProducts(term: $term, take: 10) { items { id featuredAsset { preview source } } }
          productByFilter(options: { take: 5 }) { items { featuredAsset { preview source } } }
        }`,
        { term: name },
      );
      const hit = data.searchProducts.items.find((p) => p.id === detail.data.product.id);
      expect(hit?.featuredAsset).toEqual(detail.data.product.featuredAsset);
      for (const p of [...data.searchProducts.items, ...data.productByFilter.items]) {
        // once: a URL prefixed twice would hold a second "https:"
        expect(p.featuredAsset!.preview).toMatch(/^https:\/\/api\.shop\.example\/assets\/preview\/[^:]+$/);
        expect(p.featuredAsset!.source).toMatch(/^https:\/\/api\.shop\.example\/assets\/source\/[^:]+$/);
      }
    }
  });

  it('the file behind the URL is served at that path of the server', async () => {
    const { data } = await shopOk<{ product: { featuredAsset: { preview: string } } }>(
      assetEnv,
      `query ($slug: String!) { product(slug: $slug) { featuredAsset { preview } } }`,
      { slug: assetEnv.seed.catalogue[0].slug },
    );
    const path = new URL(data.product.featuredAsset.preview).pathname;
    const res = await fetch(`${assetEnv.baseUrl}${path}?preset=thumb`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^image\//);
  });
});
