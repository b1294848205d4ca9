/**
 * The listing index (issue 17 item 1, docs/decisions/019-catalogue-index.md): listings, filters,
 * search, the filter bar and facet counts follow a change made in the Admin API (price, stock,
 * name, facet, enabled) on the very next request, without a manual reindex.
 * Products and codes are picked through the Shop API, never hard-coded.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { adminApi, shopOk } from './helpers/shop-api';
import { createStoreTestEnv, type StoreTestEnv } from './helpers/test-env';

const PORT = 3511;

let env: StoreTestEnv;
let admin: Awaited<ReturnType<typeof adminApi>>;

interface Card {
  id: string;
  name: string;
  category: { code: string } | null;
  variants: Array<{ id: string; priceWithTax: number; stockLevel: string; inStock: boolean }>;
}
interface Page {
  totalItems: number;
  items: Card[];
}

const CARD = `id name category { code } variants { id priceWithTax stockLevel inStock }`;

async function byFilter(options: Record<string, unknown>, lang: 'ar' | 'en' = 'en'): Promise<Page> {
  const { data } = await shopOk<{ productByFilter: Page }>(
    env,
    `query ($o: ProductFilterInput!) { productByFilter(options: $o) { totalItems items { ${CARD} } } }`,
    { o: { take: 100, ...options } },
    { lang },
  );
  return data.productByFilter;
}

async function byFacetValue(input: Record<string, unknown>): Promise<Page> {
  const { data } = await shopOk<{ productByFacetValue: Page }>(
    env,
    `query ($i: ProductFilterInput!) { productByFacetValue(input: $i) { totalItems items { ${CARD} } } }`,
    { i: { take: 100, ...input } },
  );
  return data.productByFacetValue;
}

async function search(term: string, lang: 'ar' | 'en'): Promise<string[]> {
  const { data } = await shopOk<{ searchProducts: Page }>(
    env,
    `query ($t: String!) { searchProducts(term: $t, take: 100) { totalItems items { id } } }`,
    { t: term },
    { lang },
  );
  return data.searchProducts.items.map((p) => p.id);
}

async function productCount(code: string): Promise<number> {
  const { data } = await shopOk<{ facetValueByCode: { productCount: number } }>(
    env,
    `query ($c: String!) { facetValueByCode(code: $c) { productCount } }`,
    { c: code },
  );
  return data.facetValueByCode.productCount;
}

interface AdminProduct {
  id: string;
  facetValues: Array<{ id: string; code: string; facet: { code: string } }>;
  translations: Array<{ languageCode: string; name: string; slug: string }>;
  variants: Array<{ id: string }>;
}

async function adminProduct(id: string): Promise<AdminProduct> {
  const data = await admin(
    `query ($id: ID!) { product(id: $id) { id facetValues { id code facet { code } } translations { languageCode name slug } variants { id } } }`,
    { id },
  );
  return data.product;
}

const ids = (page: Page) => page.items.map((p) => p.id);

describe('Listing index follows catalogue changes without a reindex', () => {
  let all: Card[];

  beforeAll(async () => {
    env = await createStoreTestEnv({ port: PORT, products: 12 });
    admin = await adminApi(env);
    all = (await byFilter({})).items;
  }, 300_000);

  afterAll(async () => {
    await env?.destroy();
  });

  it('a price change moves the product in price filters and price sorting', async () => {
    // not on sale: a running sale prices the variants at their promo price (decision 041)
    const onSale = new Set(
      env.seed.catalogue.flatMap((p) => p.variants.filter((v) => v.onSale).map((v) => String(env.seed.variantIdBySku[v.sku]))),
    );
    const product = [...all].reverse().find((p) => p.variants.every((v) => !onSale.has(v.id)))!;
    const variant = product.variants[0];
    const lowest = Math.min(...all.flatMap((p) => p.variants.map((v) => v.priceWithTax)));
    const newPrice = Math.max(1, lowest - 500); // below every price of the catalogue
    await admin(`mutation ($input: [UpdateProductVariantInput!]!) { updateProductVariants(input: $input) { id } }`, {
      input: [{ id: variant.id, price: newPrice }],
    });

    const cheap = await byFilter({ minPrice: 0, maxPrice: newPrice });
    expect(ids(cheap)).toEqual([product.id]);
    const first = (await byFilter({ sort: 'PRICE_ASC', take: 1 })).items[0];
    expect(first.id).toBe(product.id);
    expect(first.variants.find((v) => v.id === variant.id)!.priceWithTax).toBe(newPrice);

    const bar = await shopOk<{ filterBarProducts: { minPrice: number } }>(env, `{ filterBarProducts { minPrice } }`);
    expect(bar.data.filterBarProducts.minPrice).toBe(newPrice);
  });

  it('a stock change shows on the listing card', async () => {
    const product = all[0];
    const variant = product.variants[0];
    await admin(`mutation ($input: [UpdateProductVariantInput!]!) { updateProductVariants(input: $input) { id } }`, {
      input: [{ id: variant.id, stockOnHand: 0, outOfStockThreshold: 0, useGlobalOutOfStockThreshold: false, trackInventory: 'TRUE' }],
    });
    const card = (await byFilter({})).items.find((p) => p.id === product.id)!;
    const row = card.variants.find((v) => v.id === variant.id)!;
    expect(row.inStock).toBe(false);
    expect(row.stockLevel).toBe('OUT_OF_STOCK');
  });

  it('a renamed product is found by its new name in both languages, Arabic spelled loosely', async () => {
    const product = all[1];
    const before = await adminProduct(product.id);
    const oldEn = before.translations.find((t) => t.languageCode === 'en')!.name;
    // searched once before the change, so the term index exists and must follow the rename
    expect(await search(oldEn, 'en')).toContain(product.id);
    await admin(`mutation ($input: UpdateProductInput!) { updateProduct(input: $input) { id } }`, {
      input: {
        id: product.id,
        translations: before.translations.map((t) => ({
          languageCode: t.languageCode,
          slug: t.slug,
          // hamza on alef, taa marbuta and a damma: found when typed without them
          name: t.languageCode === 'ar' ? 'مِرْآة أنيقة زخرفية' : 'Zephyrine probe mirror',
        })),
      },
    });
    expect(await search('zephyrine probe', 'en')).toEqual([product.id]);
    expect(await search('zephyrine probe', 'ar')).toEqual([product.id]);
    expect(await search('مراه انيقه', 'ar')).toEqual([product.id]);
    expect(await search('مراه انيقه', 'en')).toEqual([product.id]);
    // the old name no longer finds it
    expect(await search(oldEn, 'en')).not.toContain(product.id);
  });

  it('a product moved to another category leaves the old listing and joins the new one, counts follow', async () => {
    const product = all[2];
    const from = product.category!.code;
    const to = all.find((p) => p.category && p.category.code !== from)!.category!.code;
    const [fromCount, toCount] = [await productCount(from), await productCount(to)];
    const current = await adminProduct(product.id);
    const target = (
      await admin(`query ($code: String!) { facetValues(options: { filter: { code: { eq: $code } } }) { items { id facet { code } } } }`, {
        code: to,
      })
    ).facetValues.items.find((fv: { facet: { code: string } }) => fv.facet.code === 'category');
    const facetValueIds = [...current.facetValues.filter((fv) => fv.facet.code !== 'category').map((fv) => fv.id), target.id];
    await admin(`mutation ($input: UpdateProductInput!) { updateProduct(input: $input) { id } }`, {
      input: { id: product.id, facetValueIds },
    });

    expect(ids(await byFacetValue({ categoryCode: from }))).not.toContain(product.id);
    expect(ids(await byFacetValue({ categoryCode: to }))).toContain(product.id);
    expect(await productCount(from)).toBe(fromCount - 1);
    expect(await productCount(to)).toBe(toCount + 1);
  });

  it("a category's filter bar, read before a change, follows a price and a brand change", async () => {
    interface Bar {
      minPrice: number;
      maxPrice: number;
      brands: Array<{ code: string }>;
    }
    const bar = async (categoryCode?: string): Promise<Bar> =>
      (
        await shopOk<{ filterBarProducts: Bar }>(
          env,
          `query ($i: ProductFilterInput) { filterBarProducts(input: $i) { minPrice maxPrice brands { code } } }`,
          { i: categoryCode ? { categoryCode } : null },
        )
      ).data.filterBarProducts;
    const product = all[5];
    const categoryCode = product.category!.code;
    const before = await bar(categoryCode);
    expect(await bar(categoryCode)).toEqual(before); // read twice: the second answer is the kept one

    // a price above every price of the category raises its maximum
    const newPrice = before.maxPrice + 12_300;
    await admin(`mutation ($input: [UpdateProductVariantInput!]!) { updateProductVariants(input: $input) { id } }`, {
      input: [{ id: product.variants[0].id, price: newPrice }],
    });
    const afterPrice = await bar(categoryCode);
    expect(afterPrice.maxPrice).toBe(newPrice);

    // a brand no product of the category has appears once a product of the category carries it
    const otherBrand = (await bar()).brands.map((b) => b.code).find((code) => !before.brands.some((b) => b.code === code));
    expect(otherBrand, 'the test catalogue has a brand outside this category').toBeDefined();
    const current = await adminProduct(product.id);
    const brandValue = (
      await admin(`query ($code: String!) { facetValues(options: { filter: { code: { eq: $code } } }) { items { id facet { code } } } }`, {
        code: otherBrand,
      })
    ).facetValues.items.find((fv: { facet: { code: string } }) => fv.facet.code === 'brand');
    await admin(`mutation ($input: UpdateProductInput!) { updateProduct(input: $input) { id } }`, {
      input: {
        id: product.id,
        facetValueIds: [...current.facetValues.filter((fv) => fv.facet.code !== 'brand').map((fv) => fv.id), brandValue.id],
      },
    });
    expect((await bar(categoryCode)).brands.map((b) => b.code)).toContain(otherBrand);
  });

  it('a disabled product leaves listings and search; enabled again, it is back', async () => {
    const product = all[3];
    const total = (await byFilter({})).totalItems;
    await admin(`mutation ($input: UpdateProductInput!) { updateProduct(input: $input) { id } }`, {
      input: { id: product.id, enabled: false },
    });
    const without = await byFilter({});
    expect(without.totalItems).toBe(total - 1);
    expect(ids(without)).not.toContain(product.id);

    await admin(`mutation ($input: UpdateProductInput!) { updateProduct(input: $input) { id } }`, {
      input: { id: product.id, enabled: true },
    });
    expect(ids(await byFilter({}))).toContain(product.id);
  });
});
