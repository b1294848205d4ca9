/**
 * Catalogue plugin, customer part: wishlist (toggleFav, customerWishList, wishListLength,
 * mergeWishList, Product.isFav) and reviews (productReviews, submitProductReview with its error
 * results in Arabic and English, rate limit, OrderLine.orderLineHasReview, overallRating, admin
 * moderation).
 */
import type { DocumentNode } from 'graphql';
import gql from 'graphql-tag';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';

import type { ProductSpec } from '../../server/src/seed/catalogue/generate';
import { RateLimitService } from '../../server/src/plugins/common';
import { createStoreTestEnv, type StoreTestEnv } from './helpers/test-env';

type Lang = 'ar' | 'en';

const DEMO = { email: 'customer@example.com', password: 'Customer123!' };
const OTHER = { email: 'reviewer-two@example.com', password: 'Reviewer123!' };

let env: StoreTestEnv;
let specs: ProductSpec[];
let ids: string[];

interface Page<T> {
  totalItems: number;
  items: T[];
}
interface WishlistResult {
  wishListLength: number;
  customerWishList: Page<{ id: string; name: string; isFav: boolean }>;
}
interface ReviewRow {
  id: string;
  createdAt: string;
  rating: number;
  summary: string;
  authorName: string;
  isAuthor: boolean;
  state: string;
  languageCode: string;
}
interface AdminReviewRow {
  id: string;
  state: string;
  rating: number;
  productId: string;
  orderLineId: string | null;
  customer: { emailAddress: string } | null;
}
interface SubmitResult {
  __typename: string;
  id: string;
  state: string;
  errorCode: string;
  message: string;
  field: string;
  retryAfterSeconds: number;
}
interface LineRow {
  id: string;
  orderLineHasReview: boolean;
  productVariant: { product: { id: string } };
}
interface Rating {
  overallRate: number;
  totalCount: number;
}

const toId = (x: { id: string }) => x.id;

async function q<T>(doc: DocumentNode, variables: Record<string, unknown> = {}, lang: Lang = 'en'): Promise<T> {
  return env.shopClient.query<T>(doc, variables, { languageCode: lang });
}

const wishlist = (variables: Record<string, unknown> = {}, lang: Lang = 'en') => q<WishlistResult>(WISHLIST, variables, lang);
const isFav = async (id: string, lang: Lang = 'en') => (await q<{ product: { isFav: boolean } }>(IS_FAV, { id }, lang)).product.isFav;
const toggle = async (id: string) =>
  (await q<{ toggleFav: { productId: string; isFav: boolean; count: number } }>(TOGGLE, { id })).toggleFav;
const merge = async (productIds: string[]) => (await q<{ mergeWishList: number }>(MERGE, { ids: productIds })).mergeWishList;
const submit = async (input: Record<string, unknown>, lang: Lang = 'en') =>
  (await q<{ submitProductReview: SubmitResult }>(SUBMIT, { input }, lang)).submitProductReview;
const reviews = async (productId: string, options?: { skip?: number; take?: number }, lang: Lang = 'en') =>
  (await q<{ productReviews: Page<ReviewRow> }>(REVIEWS, { productId, options }, lang)).productReviews;
const rating = async (id: string) => (await q<{ product: { overallRating: Rating } }>(RATING, { id })).product.overallRating;
const myLines = async () =>
  (await q<{ activeCustomer: { orders: { items: Array<{ lines: LineRow[] }> } } }>(MY_LINES)).activeCustomer.orders.items.flatMap(
    (o) => o.lines,
  );
const adminReviews = async (options: Record<string, unknown>) =>
  (await env.adminClient.query<{ productReviews: Page<AdminReviewRow> }>(ADMIN_REVIEWS, { options })).productReviews;

interface ErrorResponse {
  response?: { errors?: Array<{ message: string; extensions?: { code?: string } }> };
  message?: string;
}

async function graphQlError(promise: Promise<unknown>): Promise<{ message: string; code?: string }> {
  try {
    await promise;
  } catch (e) {
    const err = (e as ErrorResponse).response?.errors?.[0];
    return { message: err?.message ?? String((e as ErrorResponse).message), code: err?.extensions?.code };
  }
  throw new Error('expected a GraphQL error');
}

const asGuest = () => env.shopClient.asAnonymousUser();
const asDemo = () => env.shopClient.asUserWithCredentials(DEMO.email, DEMO.password);
const asOther = () => env.shopClient.asUserWithCredentials(OTHER.email, OTHER.password);

const TOGGLE = gql`
  mutation Toggle($id: ID!) {
    toggleFav(productId: $id) {
      productId
      isFav
      count
    }
  }
`;
const MERGE = gql`
  mutation Merge($ids: [ID!]!) {
    mergeWishList(productIds: $ids)
  }
`;
const WISHLIST = gql`
  query Wishlist($options: ReviewListOptions) {
    wishListLength
    customerWishList(options: $options) {
      totalItems
      items {
        id
        name
        isFav
      }
    }
  }
`;
const IS_FAV = gql`
  query IsFav($id: ID!) {
    product(id: $id) {
      id
      isFav
    }
  }
`;
const SUBMIT = gql`
  mutation Submit($input: SubmitProductReviewInput!) {
    submitProductReview(input: $input) {
      __typename
      ... on ProductReview {
        id
        state
        rating
        summary
        body
        authorName
        isAuthor
      }
      ... on ErrorResult {
        errorCode
        message
      }
      ... on ReviewInputError {
        field
      }
      ... on RateLimitError {
        retryAfterSeconds
      }
    }
  }
`;
const REVIEWS = gql`
  query Reviews($productId: ID!, $options: ReviewListOptions) {
    productReviews(productId: $productId, options: $options) {
      totalItems
      items {
        id
        createdAt
        rating
        summary
        authorName
        isAuthor
        state
        languageCode
      }
    }
  }
`;
const RATING = gql`
  query Rating($id: ID!) {
    product(id: $id) {
      overallRating {
        overallRate
        totalCount
      }
    }
  }
`;
const MY_LINES = gql`
  query MyLines {
    activeCustomer {
      orders {
        items {
          code
          state
          lines {
            id
            orderLineHasReview
            productVariant {
              product {
                id
              }
            }
          }
        }
      }
    }
  }
`;
const ADMIN_REVIEWS = gql`
  query AdminReviews($options: ProductReviewListOptions) {
    productReviews(options: $options) {
      totalItems
      items {
        id
        state
        rating
        productId
        orderLineId
        customer {
          emailAddress
        }
        product {
          id
        }
      }
    }
  }
`;
const SET_STATE = gql`
  mutation SetState($id: ID!, $state: ProductReviewState!) {
    updateProductReviewState(id: $id, state: $state) {
      id
      state
    }
  }
`;

async function setProductEnabled(id: string, enabled: boolean) {
  await env.adminClient.asSuperAdmin();
  await env.adminClient.query(
    gql`
      mutation Enable($id: ID!, $enabled: Boolean!) {
        updateProduct(input: { id: $id, enabled: $enabled }) {
          id
        }
      }
    `,
    { id, enabled },
  );
}

beforeAll(async () => {
  env = await createStoreTestEnv({ port: 3205 });
  // The env's config is buildConfig() without Vendure's defaults; the test client reads the
  // token header name from it (Vendure's default header).
  env.config.authOptions.authTokenHeaderKey ??= 'vendure-auth-token';
  specs = env.seed.catalogue;
  ids = env.seed.productIds.map(String);
  await env.adminClient.asSuperAdmin();
  await env.adminClient.query(
    gql`
      mutation NewCustomer($input: CreateCustomerInput!, $password: String!) {
        createCustomer(input: $input, password: $password) {
          ... on Customer {
            id
          }
        }
      }
    `,
    { input: { emailAddress: OTHER.email, firstName: 'Noura', lastName: 'Saleh' }, password: OTHER.password },
  );
}, 300_000);

afterAll(async () => {
  await env?.destroy();
});

// Each test starts with fresh limiter windows (these tests log in and submit more often than a
// shopper would within an hour); the rate-limit test exhausts its window on purpose.
beforeEach(async () => {
  const limiter = env.server.app.get(RateLimitService);
  await limiter.reset('submitProductReview:');
  await limiter.reset('login:');
});

describe('wishlist', () => {
  it('refuses guests with ForbiddenError (translated) and shows them an empty list', async () => {
    await asGuest();
    const en = await graphQlError(toggle(ids[0]));
    expect(en.code).toBe('FORBIDDEN');
    const ar = await graphQlError(q(TOGGLE, { id: ids[0] }, 'ar'));
    expect(ar.code).toBe('FORBIDDEN');
    expect(ar.message).not.toBe(en.message);
    expect(ar.message).toMatch(/[\u0600-\u06FF]/);
    expect((await graphQlError(merge([ids[0]]))).code).toBe('FORBIDDEN');
    expect(await wishlist()).toEqual({ wishListLength: 0, customerWishList: { totalItems: 0, items: [] } });
    expect(await isFav(ids[0])).toBe(false);
  });

  it('toggles a favourite on and off for a logged-in customer', async () => {
    await asDemo();
    const on = await toggle(ids[1]);
    expect(on).toEqual({ productId: ids[1], isFav: true, count: 1 });
    expect(await isFav(ids[1], 'ar')).toBe(true);
    expect(await isFav(ids[2])).toBe(false);
    const list = await wishlist({}, 'ar');
    expect(list.wishListLength).toBe(1);
    expect(list.customerWishList.items).toEqual([{ id: ids[1], name: specs[1].name.ar, isFav: true }]);
    const off = await toggle(ids[1]);
    expect(off).toEqual({ productId: ids[1], isFav: false, count: 0 });
    expect(await isFav(ids[1])).toBe(false);
    const unknown = await graphQlError(toggle('999999'));
    expect(unknown.code).toBe('ENTITY_NOT_FOUND');
  });

  it('merges a guest list: dedupes, skips unknown and disabled products, pages newest first', async () => {
    await setProductEnabled(ids[5], false);
    try {
      await asDemo();
      const count = await merge([ids[3], ids[3], ids[4], '999999', ids[5], ids[6]]);
      expect(count).toBe(3);
      // merging again changes nothing
      expect(await merge([ids[4], ids[6]])).toBe(3);
      const all = await wishlist({ options: { take: 10 } }, 'en');
      expect(all.customerWishList.items.map(toId)).toEqual([ids[6], ids[4], ids[3]]);
      expect(all.customerWishList.items.map((p) => p.name)).toEqual([6, 4, 3].map((i) => specs[i].name.en));
      const page = await wishlist({ options: { skip: 1, take: 1 } });
      expect(page.customerWishList).toEqual({ totalItems: 3, items: [{ id: ids[4], name: specs[4].name.en, isFav: true }] });
      // the wishlist of another customer is separate
      await asOther();
      expect((await wishlist()).wishListLength).toBe(0);
      expect(await isFav(ids[3])).toBe(false);
    } finally {
      await setProductEnabled(ids[5], true);
    }
  });

  it('hides favourites that become unavailable, and shows them again', async () => {
    await setProductEnabled(ids[4], false);
    await asDemo();
    try {
      const hidden = await wishlist();
      expect(hidden.wishListLength).toBe(2);
      expect(hidden.customerWishList.items.map(toId)).toEqual([ids[6], ids[3]]);
    } finally {
      await setProductEnabled(ids[4], true);
    }
    await asDemo();
    expect((await wishlist()).wishListLength).toBe(3);
  });
});

describe('reviews', () => {
  let purchased: { lineId: string; productId: string };
  let secondLine: { lineId: string; productId: string };
  let myReviewId: string;

  beforeAll(async () => {
    await asDemo();
    const lines = (await myLines()).map((l) => ({
      lineId: l.id,
      productId: l.productVariant.product.id,
      hasReview: l.orderLineHasReview,
    }));
    expect(lines.length).toBeGreaterThanOrEqual(2);
    for (const l of lines) expect(l.hasReview).toBe(false);
    [purchased, secondLine] = lines;
  });

  const valid = () => ({
    productId: purchased.productId,
    orderLineId: purchased.lineId,
    rating: 4,
    summary: 'جودة ممتازة',
    body: 'القماش رائع والمقاس مناسب تمامًا.',
  });

  it('guests see approved reviews only, newest first, with paging', async () => {
    await asGuest();
    await env.adminClient.asSuperAdmin();
    const adminList = await adminReviews({ take: 1000 });
    const byProduct = new Map<string, AdminReviewRow[]>();
    for (const r of adminList.items) byProduct.set(r.productId, [...(byProduct.get(r.productId) ?? []), r]);
    const [productId, rows] = [...byProduct.entries()].sort((a, b) => b[1].length - a[1].length)[0];
    const approved = rows.filter((r) => r.state === 'approved');
    const list = await reviews(productId, { take: 50 });
    expect(list.totalItems).toBe(approved.length);
    expect(new Set(list.items.map(toId))).toEqual(new Set(approved.map((r) => r.id)));
    for (const r of list.items) {
      expect(r.state).toBe('approved');
      expect(r.isAuthor).toBe(false);
    }
    const times = list.items.map((r) => Date.parse(r.createdAt));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    const page = await reviews(productId, { skip: 1, take: 1 });
    expect(page.totalItems).toBe(approved.length);
    expect(page.items.map(toId)).toEqual(list.items.slice(1, 2).map(toId));
  });

  it('guests cannot submit (ReviewNotAllowedError, ar and en)', async () => {
    await asGuest();
    const en = await submit(valid(), 'en');
    expect(en).toMatchObject({ __typename: 'ReviewNotAllowedError', errorCode: 'REVIEW_NOT_ALLOWED_ERROR' });
    expect(en.message).toMatch(/sign in/i);
    const ar = await submit(valid(), 'ar');
    expect(ar.message).toBe('يرجى تسجيل الدخول لتقييم هذا المنتج.');
  });

  it('validates rating, summary and body with translated messages', async () => {
    await asDemo();
    const cases: Array<[Partial<ReturnType<typeof valid>>, string, Lang, RegExp]> = [
      [{ rating: 6 }, 'rating', 'ar', /^اختر تقييمًا من 1 إلى 5 نجوم\.$/],
      [{ rating: 0 }, 'rating', 'en', /1 to 5 stars/],
      [{ summary: 'جد' }, 'summary', 'ar', /^يجب أن يتكون العنوان من 3 إلى 100 حرفًا\.$/],
      [{ summary: 'x'.repeat(101) }, 'summary', 'en', /3 to 100 characters/],
      [{ body: 'قصير جدا' }, 'body', 'ar', /^يجب أن يتكون نص التقييم من 10 إلى 1000 حرفًا\.$/],
      [{ body: '          ' + 'short' }, 'body', 'en', /10 to 1000 characters/],
    ];
    for (const [patch, field, lang, message] of cases) {
      const res = await submit({ ...valid(), ...patch }, lang);
      expect(res).toMatchObject({ __typename: 'ReviewInputError', errorCode: 'REVIEW_INPUT_ERROR', field });
      expect(res.message).toMatch(message);
    }
    const fractional = await graphQlError(q(SUBMIT, { input: { ...valid(), rating: 4.5 } }));
    expect(fractional.message).toMatch(/Int/);
  });

  it('refuses a review without a purchase of that product (ar and en)', async () => {
    await asDemo();
    const wrongProduct = await submit({ ...valid(), productId: secondLine.productId === ids[0] ? ids[1] : ids[0] }, 'en');
    expect(wrongProduct).toMatchObject({ __typename: 'ReviewNotAllowedError', errorCode: 'REVIEW_NOT_ALLOWED_ERROR' });
    expect(wrongProduct.message).toBe('You can review a product only after you have ordered it.');
    const unknownLine = await submit({ ...valid(), orderLineId: '999999' }, 'ar');
    expect(unknownLine.message).toBe('يمكنك تقييم المنتج بعد شرائه فقط.');

    // someone else's order line
    await asOther();
    const foreign = await submit(valid());
    expect(foreign.__typename).toBe('ReviewNotAllowedError');

    // a line of an order that was not placed (still AddingItems)
    const { product } = await q<{ product: { variants: Array<{ id: string; stockLevel: string }> } }>(
      gql`
        query V($id: ID!) {
          product(id: $id) {
            variants {
              id
              stockLevel
            }
          }
        }
      `,
      { id: purchased.productId },
    );
    const variant = product.variants.find((v) => v.stockLevel !== 'OUT_OF_STOCK') ?? product.variants[0];
    const added = await q<{ addItemToOrder: { lines: Array<{ id: string }> } }>(
      gql`
        mutation Add($id: ID!) {
          addItemToOrder(productVariantId: $id, quantity: 1) {
            ... on Order {
              lines {
                id
              }
            }
            ... on ErrorResult {
              errorCode
            }
          }
        }
      `,
      { id: variant.id },
    );
    const cartLine = added.addItemToOrder.lines[0].id;
    const unplaced = await submit({ ...valid(), orderLineId: cartLine });
    expect(unplaced.__typename).toBe('ReviewNotAllowedError');
  });

  it('accepts a purchaser’s review as pending; only the author sees it', async () => {
    await asDemo();
    const before = await rating(purchased.productId);
    const res = await submit(valid(), 'ar');
    expect(res).toMatchObject({
      __typename: 'ProductReview',
      state: 'pending',
      rating: 4,
      summary: valid().summary,
      authorName: 'Sara A.',
      isAuthor: true,
    });
    myReviewId = res.id;
    // written in Arabic: first on the Arabic page (its language's reviews come first, newest first)…
    const mine = await reviews(purchased.productId, undefined, 'ar');
    expect(mine.items[0]).toMatchObject({ id: myReviewId, state: 'pending', isAuthor: true });
    expect(mine.items.filter((r) => r.isAuthor)).toHaveLength(1);
    // …and on the English page after every English review
    const inEnglish = await reviews(purchased.productId, { take: 100 }, 'en');
    const languages = inEnglish.items.map((r) => r.languageCode);
    expect(languages).toEqual([...languages].sort((a, b) => Number(a !== 'en') - Number(b !== 'en')));
    expect(inEnglish.items.find((r) => r.id === myReviewId)?.languageCode).toBe('ar');
    const lines = await myLines();
    expect(lines.find((l) => l.id === purchased.lineId)?.orderLineHasReview).toBe(true);
    expect(lines.find((l) => l.id === secondLine.lineId)?.orderLineHasReview).toBe(false);

    await asGuest();
    const guestView = await reviews(purchased.productId, { take: 50 });
    expect(guestView.items.map(toId)).not.toContain(myReviewId);
    expect(guestView.totalItems).toBe(mine.totalItems - 1);
    expect(await rating(purchased.productId)).toEqual(before);
  });

  it('allows one review per order line (ReviewAlreadySubmittedError)', async () => {
    await asDemo();
    const again = await submit({ ...valid(), rating: 2 }, 'ar');
    expect(again).toMatchObject({ __typename: 'ReviewAlreadySubmittedError', errorCode: 'REVIEW_ALREADY_SUBMITTED_ERROR' });
    expect(again.message).toBe('لقد قمت بتقييم هذه المشتريات من قبل.');
    const en = await submit(valid(), 'en');
    expect(en.message).toBe('You have already reviewed this purchase.');
  });

  it('admin moderation: list pending, approve (counts in the rating), reject (hidden)', async () => {
    await env.adminClient.asSuperAdmin();
    const pending = await adminReviews({ filter: { state: { eq: 'pending' } }, take: 100 });
    const mine = pending.items.find((r) => r.id === myReviewId);
    expect(mine).toMatchObject({
      state: 'pending',
      productId: purchased.productId,
      orderLineId: purchased.lineId,
      customer: { emailAddress: DEMO.email },
    });
    await asGuest();
    const before = await rating(purchased.productId);
    const approved = await env.adminClient.query(SET_STATE, { id: myReviewId, state: 'approved' });
    expect(approved.updateProductReviewState).toEqual({ id: myReviewId, state: 'approved' });
    const after = await rating(purchased.productId);
    expect(after.totalCount).toBe(before.totalCount + 1);
    expect(after.overallRate).toBeCloseTo((before.overallRate * before.totalCount + 4) / (before.totalCount + 1), 1);
    expect((await reviews(purchased.productId, { take: 50 })).items.map(toId)).toContain(myReviewId);

    await env.adminClient.query(SET_STATE, { id: myReviewId, state: 'rejected' });
    expect((await reviews(purchased.productId, { take: 50 })).items.map(toId)).not.toContain(myReviewId);
    expect(await rating(purchased.productId)).toEqual(before);
    // a rejected review is not shown to its author either
    await asDemo();
    expect((await reviews(purchased.productId, { take: 50 })).items.map(toId)).not.toContain(myReviewId);
  });

  it('admin review operations need catalogue permissions', async () => {
    await env.adminClient.asAnonymousUser();
    expect((await graphQlError(env.adminClient.query(ADMIN_REVIEWS, {}))).code).toBe('FORBIDDEN');
    expect((await graphQlError(env.adminClient.query(SET_STATE, { id: myReviewId, state: 'approved' }))).code).toBe('FORBIDDEN');
    await env.adminClient.asSuperAdmin();
  });

  it('rate-limits submissions per customer (RateLimitError, translated)', async () => {
    await asDemo();
    for (let i = 0; i < 10; i++) {
      const res = await submit({ ...valid(), rating: 9 });
      expect(res.__typename).toBe('ReviewInputError');
    }
    const limited = await submit({ ...valid(), orderLineId: secondLine.lineId, productId: secondLine.productId }, 'ar');
    expect(limited).toMatchObject({ __typename: 'RateLimitError', errorCode: 'RATE_LIMIT_ERROR' });
    expect(limited.retryAfterSeconds).toBeGreaterThan(0);
    expect(limited.message).toMatch(/[\u0600-\u06FF]/);
    await env.server.app.get(RateLimitService).reset('submitProductReview:');
    const ok = await submit({ ...valid(), orderLineId: secondLine.lineId, productId: secondLine.productId });
    expect(ok).toMatchObject({ __typename: 'ProductReview', state: 'pending' });
  });
});
