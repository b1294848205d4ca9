/**
 * Kept answers of the catalogue's queries (decision 019, addendum of session 12): an anonymous
 * request asked again is answered from the kept answer, byte for byte the same, and a price,
 * stock or name change made in the Admin API shows in the very next identical request; a
 * signed-in shopper is never answered from it. Products and codes are picked through the Shop
 * API, never hard-coded.
 */
import crypto from 'node:crypto';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { SYNC_INTERVAL_MS } from '../../server/src/plugins/catalogue/constants';
import { TTL_MS } from '../../server/src/plugins/catalogue/services/response-cache.service';
import { adminApi, shopOk } from './helpers/shop-api';
import { createStoreTestEnv, type StoreTestEnv } from './helpers/test-env';

const PORT = 3512;
const DEMO = { email: 'customer@example.com', password: 'Customer123!' };

let env: StoreTestEnv;
let admin: Awaited<ReturnType<typeof adminApi>>;

const CARDS = `query ($i: ProductFilterInput!) { productByFacetValue(input: $i) { totalItems
  items { id name slug isFav featuredAsset { preview } brand { code name }
    variants { id priceWithTax stockLevel inStock } } } }`;
const SEARCH = `query ($t: String!) { searchProducts(term: $t, take: 100) { totalItems
  items { id name priceSummary { priceWithTax minPriceWithTax maxPriceWithTax inStock } } } }`;

interface Card {
  id: string;
  name: string;
  isFav: boolean;
  variants: Array<{ id: string; priceWithTax: number; stockLevel: string; inStock: boolean }>;
}

/** When the last answer to each distinct request arrived (see `expectKept`). */
const answeredAt = new Map<string, number>();

/**
 * Whether an identical request was answered less than the kept answers' lifetime ago when this
 * one was sent: only then must it be answered from the kept answer. Kept answers expire after
 * TTL_MS whatever happens, and on a loaded machine two requests in a row can be further apart.
 */
function withinTtl(key: string, sent: number): boolean {
  const last = answeredAt.get(key);
  answeredAt.set(key, Date.now());
  return last !== undefined && sent - last < TTL_MS - 250;
}

/** The answer came from the kept answer, if it was asked inside the kept answer's lifetime. */
function expectKept(answer: { cache: string | null; withinTtl: boolean }) {
  if (answer.withinTtl) expect(answer.cache).toBe('hit');
  // eslint-disable-next-line no-console -- says which check a slow machine skipped
  else console.warn(`[catalogue-response-cache] a repeat request came ${TTL_MS} ms or more after the first: not checked`);
}

/** A raw Shop API POST: the body text as sent, the cache header and the content type. */
async function post(query: string, variables: Record<string, unknown>, opts: { lang?: string; token?: string; accept?: string } = {}) {
  const sent = Date.now();
  const res = await fetch(`${env.baseUrl}/shop-api?languageCode=${opts.lang ?? 'en'}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(opts.accept ? { accept: opts.accept } : {}),
      ...(opts.token ? { authorization: `Bearer ${opts.token}` } : {}),
    },
    body: JSON.stringify({ query, variables }),
  });
  expect(res.status).toBe(200);
  const text = await res.text();
  const key = JSON.stringify(['POST', query, variables, opts.lang ?? 'en', opts.token ?? '', opts.accept ?? '']);
  const cache = res.headers.get('x-catalogue-cache');
  return { text, json: JSON.parse(text), cache, type: res.headers.get('content-type'), withinTtl: withinTtl(key, sent) };
}

/** What graphql-request (the storefront's client, services/client.ts) sends as Accept. */
const STOREFRONT_ACCEPT = 'application/graphql-response+json, application/json';

/** As the storefront's server renders ask: GET with the CSRF header. */
async function get(query: string, variables: Record<string, unknown>) {
  const url = new URL(`${env.baseUrl}/shop-api`);
  url.searchParams.set('languageCode', 'ar');
  url.searchParams.set('query', query);
  url.searchParams.set('variables', JSON.stringify(variables));
  const sent = Date.now();
  const res = await fetch(url, { headers: { 'apollo-require-preflight': 'true' } });
  expect(res.status).toBe(200);
  return { text: await res.text(), cache: res.headers.get('x-catalogue-cache'), withinTtl: withinTtl(`GET ${url}`, sent) };
}

const updateVariants = (input: Array<Record<string, unknown>>) =>
  admin(`mutation ($input: [UpdateProductVariantInput!]!) { updateProductVariants(input: $input) { id } }`, { input });

describe('Kept answers of catalogue queries follow catalogue changes', () => {
  let categoryCode: string;
  let cards: Card[];

  beforeAll(async () => {
    env = await createStoreTestEnv({ port: PORT, products: 12 });
    admin = await adminApi(env);
    const { data } = await shopOk<{ productByFilter: { items: Array<{ category: { code: string } | null }> } }>(
      env,
      `{ productByFilter(options: { take: 100 }) { items { category { code } } } }`,
    );
    categoryCode = data.productByFilter.items.find((p) => p.category)!.category!.code;
  }, 300_000);

  afterAll(async () => {
    await env?.destroy();
  });

  it('an anonymous request asked again gets the kept answer, byte for byte (POST and GET)', async () => {
    const vars = { i: { categoryCode, take: 24 } };
    const first = await post(CARDS, vars);
    const second = await post(CARDS, vars);
    expect(first.cache).toBe('miss');
    expectKept(second);
    expect(second.text).toBe(first.text);
    cards = first.json.data.productByFacetValue.items;
    expect(cards.length).toBeGreaterThan(0);

    // another language is another answer
    const arabic = await post(CARDS, vars, { lang: 'ar' });
    expect(arabic.cache).toBe('miss');
    expect(arabic.text).not.toBe(first.text);

    const g1 = await get(CARDS, vars);
    const g2 = await get(CARDS, vars);
    expect(g1.cache).toBe('miss');
    expectKept(g2);
    expect(g2.text).toBe(g1.text);
    expect(g2.text).toBe(arabic.text);
  });

  it("the storefront's requests (Accept: application/graphql-response+json) are kept too, each with its own content type", async () => {
    const vars = { i: { categoryCode, take: 12 } };
    const first = await post(CARDS, vars, { accept: STOREFRONT_ACCEPT });
    expect(first.type).toMatch(/^application\/graphql-response\+json/);
    expect(first.cache).toBe('miss');
    const second = await post(CARDS, vars, { accept: STOREFRONT_ACCEPT });
    expectKept(second);
    expect(second.text).toBe(first.text);
    expect(second.type).toBe(first.type);
    // a client asking for plain JSON is not handed the other content type
    const plain = await post(CARDS, vars, { accept: 'application/json' });
    expect(plain.type).toMatch(/^application\/json/);
    expect(plain.cache).toBe('miss');
    expect((await post(CARDS, vars, { accept: 'application/json' })).type).toMatch(/^application\/json/);
  });

  it('a price change shows in the next identical listing and search', async () => {
    const vars = { i: { categoryCode, take: 24 } };
    const card = cards[cards.length - 1];
    const term = card.name;
    const hit = async () => (await post(SEARCH, { t: term })).json.data.searchProducts.items.find((p: Card) => p.id === card.id);
    const before = await hit();
    expectKept(await post(SEARCH, { t: term }));
    expectKept(await post(CARDS, vars));

    const newPrice = before.priceSummary.minPriceWithTax - 100;
    await updateVariants([{ id: card.variants[0].id, price: newPrice }]);

    const listing = await post(CARDS, vars);
    // Computed again: 'miss', or no header at all while the index is still taking the change in
    // (nothing is kept then; seen on PostgreSQL with a separate worker).
    expect(listing.cache).not.toBe('hit');
    const variant = listing.json.data.productByFacetValue.items.find((p: Card) => p.id === card.id).variants[0];
    expect(variant.priceWithTax).toBe(newPrice);
    expect((await hit()).priceSummary.minPriceWithTax).toBe(newPrice);
  });

  it('a stock change shows in the next identical listing and search', async () => {
    const vars = { i: { categoryCode, take: 24 } };
    const card = cards[0];
    await post(CARDS, vars);
    expectKept(await post(CARDS, vars));
    await updateVariants(
      card.variants.map((v) => ({
        id: v.id,
        stockOnHand: 0,
        outOfStockThreshold: 0,
        useGlobalOutOfStockThreshold: false,
        trackInventory: 'TRUE',
      })),
    );
    const after = (await post(CARDS, vars)).json.data.productByFacetValue.items.find((p: Card) => p.id === card.id) as Card;
    expect(after.variants.every((v) => !v.inStock && v.stockLevel === 'OUT_OF_STOCK')).toBe(true);
    const hit = (await post(SEARCH, { t: card.name })).json.data.searchProducts.items.find((p: Card) => p.id === card.id);
    expect(hit.priceSummary.inStock).toBe(false);
  });

  it('a rename shows in the next identical listing', async () => {
    const vars = { i: { categoryCode, take: 24 } };
    const card = cards[1];
    await post(CARDS, vars);
    expectKept(await post(CARDS, vars));
    const { product } = await admin(`query ($id: ID!) { product(id: $id) { translations { languageCode name slug } } }`, { id: card.id });
    await admin(`mutation ($input: UpdateProductInput!) { updateProduct(input: $input) { id } }`, {
      input: {
        id: card.id,
        translations: product.translations.map((t: { languageCode: string; slug: string }) => ({
          languageCode: t.languageCode,
          slug: t.slug,
          name: t.languageCode === 'ar' ? 'مصباح قطبي مجرب' : 'Quillback test lamp',
        })),
      },
    });
    const after = (await post(CARDS, vars)).json.data.productByFacetValue.items.find((p: Card) => p.id === card.id) as Card;
    expect(after.name).toBe('Quillback test lamp');
  });

  it('a category rename shows in the next identical header and category read (the facet reads are kept too)', async () => {
    const HEADER = `{ headerFacets { id code name } }`;
    const CATEGORY = `query ($c: String!) { facetValueByCode(code: $c) { id code name productCount } }`;
    const first = await post(HEADER, {});
    expect(first.cache).toBe('miss');
    const second = await post(HEADER, {});
    expectKept(second);
    expect(second.text).toBe(first.text);
    await post(CATEGORY, { c: categoryCode });
    expectKept(await post(CATEGORY, { c: categoryCode }));
    const brands = await post(`{ brands { id code name } }`, {});
    expect((await post(`{ brands { id code name } }`, {})).text).toBe(brands.text);

    const category = first.json.data.headerFacets.find((f: { code: string }) => f.code === categoryCode);
    expect(category, 'the listed category is in the header').toBeDefined();
    const { facetValues } = await admin(
      `query ($id: String!) { facetValues(options: { filter: { id: { eq: $id } } }) { items { translations { languageCode name } } } }`,
      {
        id: String(category.id),
      },
    );
    await admin(`mutation ($input: [UpdateFacetValueInput!]!) { updateFacetValues(input: $input) { id } }`, {
      input: [
        {
          id: category.id,
          translations: facetValues.items[0].translations.map((t: { languageCode: string; name: string }) => ({
            languageCode: t.languageCode,
            name: t.languageCode === 'en' ? 'Renamed test category' : t.name,
          })),
        },
      ],
    });
    const header = await post(HEADER, {});
    expect(header.cache).not.toBe('hit');
    expect(header.json.data.headerFacets.find((f: { id: string }) => f.id === category.id).name).toBe('Renamed test category');
    const byCode = await post(CATEGORY, { c: categoryCode });
    expect(byCode.cache).not.toBe('hit');
    expect(byCode.json.data.facetValueByCode.name).toBe('Renamed test category');
  });

  it('the related rows are kept and a price change shows in the next identical request', async () => {
    const RELATED = `query ($id: ID!) { relatedOfSingleProduct(options: { productId: $id, take: 8 }) {
      sameBrand { id variants { id priceWithTax } } mostWatched { id variants { id priceWithTax } } } }`;
    const subject = cards[0];
    const first = await post(RELATED, { id: subject.id });
    expect(first.cache).toBe('miss');
    const second = await post(RELATED, { id: subject.id });
    expectKept(second);
    expect(second.text).toBe(first.text);
    const shown = first.json.data.relatedOfSingleProduct.mostWatched[0] as {
      id: string;
      variants: Array<{ id: string; priceWithTax: number }>;
    };
    expect(shown, 'another product is related').toBeDefined();
    const variant = shown.variants[0];
    const newPrice = variant.priceWithTax + 1700;
    await updateVariants([{ id: variant.id, price: newPrice }]);
    const after = await post(RELATED, { id: subject.id });
    expect(after.cache).not.toBe('hit');
    const again = (
      after.json.data.relatedOfSingleProduct.mostWatched as Array<{ id: string; variants: Array<{ id: string; priceWithTax: number }> }>
    )
      .find((p) => p.id === shown.id)!
      .variants.find((v) => v.id === variant.id)!;
    expect(again.priceWithTax).toBe(newPrice);
  });

  it("an order keeps the kept answers while the variant's shown stock stays the same, and drops them when it sells the last one", async () => {
    const vars = { i: { categoryCode, take: 24 } };
    const card = cards[3] ?? cards[0];
    const variant = card.variants[0];
    // 8 in stock, and cheap enough for cash on delivery (below 1,000 SAR for five)
    await updateVariants([
      { id: variant.id, price: 9900, stockOnHand: 8, outOfStockThreshold: 0, useGlobalOutOfStockThreshold: false, trackInventory: 'TRUE' },
    ]);
    // the edit's collection job publishes a CollectionEvent (a full drop, which forgets the shown
    // stock): let it land before the orders, not between them
    await env.waitForJobs();
    /** A guest cash-on-delivery order of `quantity` of the variant. */
    const order = async (quantity: number) => {
      const { data: s } = await shopOk<{ createSession: { token: string } }>(env, 'mutation { createSession { token } }');
      const token = s.createSession.token;
      const q = async (query: string, variables: Record<string, unknown> = {}) => {
        const r = await post(query, variables, { token });
        expect(r.json.errors, JSON.stringify(r.json.errors)).toBeUndefined();
        return r.json.data;
      };
      await q('mutation($id: ID!, $n: Int!) { addItemToOrder(productVariantId: $id, quantity: $n) { __typename } }', {
        id: variant.id,
        n: quantity,
      });
      await q('mutation($i: CreateCustomerInput!) { setCustomerForOrder(input: $i) { __typename } }', {
        i: { emailAddress: `stock-${crypto.randomUUID()}@example.com`, firstName: 'Sara', lastName: 'Buyer' },
      });
      await q('mutation($i: CreateAddressInput!) { setOrderShippingAddress(input: $i) { __typename } }', {
        i: { fullName: 'Sara Buyer', streetLine1: 'Olaya St 12', city: 'Riyadh', countryCode: 'SA', phoneNumber: '+966500000000' },
      });
      const { eligibleShippingMethods } = await q('query { eligibleShippingMethods { id } }');
      await q('mutation($id: [ID!]!) { setOrderShippingMethod(shippingMethodId: $id) { __typename } }', {
        id: [eligibleShippingMethods[0].id],
      });
      await q('mutation { transitionOrderToState(state: "ArrangingPayment") { __typename } }');
      const paid = await q(
        'mutation { addPaymentToOrder(input: { method: "cash-on-delivery", metadata: {} }) { __typename ... on Order { state } } }',
      );
      expect(paid.addPaymentToOrder.__typename).toBe('Order');
    };
    const shown = (r: { json: { data: { productByFacetValue: { items: Card[] } } } }) =>
      r.json.data.productByFacetValue.items.find((p) => p.id === card.id)!.variants.find((v) => v.id === variant.id)!;
    const settle = () => new Promise((r) => setTimeout(r, 200)); // the movement is looked at after the order's answer

    await order(1); // 8 -> 7: its first movement since the admin edit (a full drop): answers dropped
    await settle();
    await env.waitForJobs();
    // The listing index looks for rows changed outside its events on a read at most every
    // SYNC_INTERVAL_MS, and an order's allocation moves its variant's updatedAt: a reload then
    // (a new index version) drops the kept answers. Let one such look take in order 1 before
    // keeping, so that the next cannot come within the 1.5 s checked below.
    await new Promise((r) => setTimeout(r, SYNC_INTERVAL_MS + 100));
    await post(CARDS, vars); // starts the look
    await new Promise((r) => setTimeout(r, 300));
    await post(CARDS, vars);
    const kept = Date.now();
    expectKept(await post(CARDS, vars));
    await order(2); // 7 -> 5: in stock before and after
    await settle();
    const after = await post(CARDS, vars);
    // kept answers expire after TTL_MS whatever happens; only a check inside it says anything
    if (Date.now() - kept < 1_500) expect(after.cache).toBe('hit');
    expect(shown(after).stockLevel).toBe('IN_STOCK');

    await order(5); // the last five: out of stock now
    await settle();
    const sold = await post(CARDS, vars);
    expect(sold.cache).not.toBe('hit');
    expect(shown(sold)).toMatchObject({ inStock: false, stockLevel: 'OUT_OF_STOCK' });
  });

  it('a review taken down shows in the next identical request (no product event: the review event drops kept answers)', async () => {
    const { productReviews } = await admin(
      `query { productReviews(options: { take: 1, filter: { state: { eq: "approved" } } }) { items { id productId } } }`,
      {},
    );
    const review = productReviews.items[0];
    expect(review, 'the seed has approved reviews').toBeDefined();
    const RATING = `query ($id: ID!) { product(id: $id) { id overallRating { totalCount } } }`;
    const before = await post(RATING, { id: review.productId });
    expectKept(await post(RATING, { id: review.productId }));
    const count = before.json.data.product.overallRating.totalCount;
    await admin(`mutation ($id: ID!) { updateProductReviewState(id: $id, state: rejected) { id } }`, { id: review.id });
    const after = await post(RATING, { id: review.productId });
    expect(after.cache).not.toBe('hit'); // computed again (see the price test)
    expect(after.json.data.product.overallRating.totalCount).toBe(count - 1);
  });

  it('a signed-in shopper is never answered from kept answers and sees their own favourites', async () => {
    const vars = { i: { categoryCode, take: 24 } };
    const login = await fetch(`${env.baseUrl}/shop-api`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        query: `mutation ($u: String!, $p: String!) { login(username: $u, password: $p) { __typename } }`,
        variables: { u: DEMO.email, p: DEMO.password },
      }),
    });
    const token = login.headers.get('vendure-auth-token')!;
    expect(token).toBeTruthy();
    const card = cards[2];
    await post(`mutation ($id: ID!) { toggleFav(productId: $id) { isFav } }`, { id: card.id }, { token });

    await post(CARDS, vars);
    expectKept(await post(CARDS, vars));
    const signedIn = await post(CARDS, vars, { token });
    expect(signedIn.cache).toBeNull();
    expect(signedIn.json.data.productByFacetValue.items.find((p: Card) => p.id === card.id).isFav).toBe(true);
    const anonymous = await post(CARDS, vars);
    expect(anonymous.json.data.productByFacetValue.items.find((p: Card) => p.id === card.id).isFav).toBe(false);
  });
});
