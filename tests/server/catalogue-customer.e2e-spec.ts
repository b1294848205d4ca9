/**
 * Catalogue plugin, customer part: wishlist (toggleFav, customerWishList, wishListLength,
 * mergeWishList, Product.isFav) and reviews (productReviews, submitProductReview with its error
 * results in Arabic and English, rate limit, OrderLine.orderLineHasReview, overallRating, admin
 * moderation).
 */
import gql from 'graphql-tag';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';

import type { ProductSpec } from '../../server/src/seed/catalogue/generate';
import { RateLimitService } from '../../server/src/plugins/common';
import { createStoreTestEnv, StoreTestEnv } from './helpers/test-env';

type Lang = 'ar' | 'en';

const DEMO = { email: 'customer@example.com', password: 'Customer123!' };
const OTHER = { email: 'reviewer-two@example.com', password: 'Reviewer123!' };

let env: StoreTestEnv;
let specs: ProductSpec[];
let ids: string[];
const idOf = (p: ProductSpec) => ids[p.index];

async function q<T = any>(doc: any, variables: Record<string, unknown> = {}, lang: Lang = 'en'): Promise<T> {
    return env.shopClient.query(doc, variables, { languageCode: lang });
}

async function graphQlError(promise: Promise<unknown>): Promise<{ message: string; code?: string }> {
    try {
        await promise;
    } catch (e: any) {
        const err = e.response?.errors?.[0];
        return { message: err?.message ?? String(e.message), code: err?.extensions?.code };
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
        const en = await graphQlError(q(TOGGLE, { id: ids[0] }));
        expect(en.code).toBe('FORBIDDEN');
        const ar = await graphQlError(q(TOGGLE, { id: ids[0] }, 'ar'));
        expect(ar.code).toBe('FORBIDDEN');
        expect(ar.message).not.toBe(en.message);
        expect(ar.message).toMatch(/[\u0600-\u06FF]/);
        expect((await graphQlError(q(MERGE, { ids: [ids[0]] }))).code).toBe('FORBIDDEN');
        expect(await q(WISHLIST)).toEqual({ wishListLength: 0, customerWishList: { totalItems: 0, items: [] } });
        expect((await q(IS_FAV, { id: ids[0] })).product.isFav).toBe(false);
    });

    it('toggles a favourite on and off for a logged-in customer', async () => {
        await asDemo();
        const on = (await q(TOGGLE, { id: ids[1] })).toggleFav;
        expect(on).toEqual({ productId: ids[1], isFav: true, count: 1 });
        expect((await q(IS_FAV, { id: ids[1] }, 'ar')).product.isFav).toBe(true);
        expect((await q(IS_FAV, { id: ids[2] })).product.isFav).toBe(false);
        const list = await q(WISHLIST, {}, 'ar');
        expect(list.wishListLength).toBe(1);
        expect(list.customerWishList.items).toEqual([{ id: ids[1], name: specs[1].name.ar, isFav: true }]);
        const off = (await q(TOGGLE, { id: ids[1] })).toggleFav;
        expect(off).toEqual({ productId: ids[1], isFav: false, count: 0 });
        expect((await q(IS_FAV, { id: ids[1] })).product.isFav).toBe(false);
        const unknown = await graphQlError(q(TOGGLE, { id: '999999' }));
        expect(unknown.code).toBe('ENTITY_NOT_FOUND');
    });

    it('merges a guest list: dedupes, skips unknown and disabled products, pages newest first', async () => {
        await setProductEnabled(ids[5], false);
        try {
            await asDemo();
            const count = (await q(MERGE, { ids: [ids[3], ids[3], ids[4], '999999', ids[5], ids[6]] })).mergeWishList;
            expect(count).toBe(3);
            // merging again changes nothing
            expect((await q(MERGE, { ids: [ids[4], ids[6]] })).mergeWishList).toBe(3);
            const all = await q(WISHLIST, { options: { take: 10 } }, 'en');
            expect(all.customerWishList.items.map((p: any) => p.id)).toEqual([ids[6], ids[4], ids[3]]);
            expect(all.customerWishList.items.map((p: any) => p.name)).toEqual([6, 4, 3].map(i => specs[i].name.en));
            const page = await q(WISHLIST, { options: { skip: 1, take: 1 } });
            expect(page.customerWishList).toEqual({ totalItems: 3, items: [{ id: ids[4], name: specs[4].name.en, isFav: true }] });
            // the wishlist of another customer is separate
            await asOther();
            expect((await q(WISHLIST)).wishListLength).toBe(0);
            expect((await q(IS_FAV, { id: ids[3] })).product.isFav).toBe(false);
        } finally {
            await setProductEnabled(ids[5], true);
        }
    });

    it('hides favourites that become unavailable, and shows them again', async () => {
        await setProductEnabled(ids[4], false);
        await asDemo();
        try {
            const hidden = await q(WISHLIST);
            expect(hidden.wishListLength).toBe(2);
            expect(hidden.customerWishList.items.map((p: any) => p.id)).toEqual([ids[6], ids[3]]);
        } finally {
            await setProductEnabled(ids[4], true);
        }
        await asDemo();
        expect((await q(WISHLIST)).wishListLength).toBe(3);
    });
});

describe('reviews', () => {
    let purchased: { lineId: string; productId: string };
    let secondLine: { lineId: string; productId: string };
    let myReviewId: string;

    beforeAll(async () => {
        await asDemo();
        const { activeCustomer } = await q(MY_LINES);
        const lines = activeCustomer.orders.items.flatMap((o: any) =>
            o.lines.map((l: any) => ({ lineId: l.id, productId: l.productVariant.product.id, hasReview: l.orderLineHasReview })),
        );
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
        const { productReviews: adminList } = await env.adminClient.query(ADMIN_REVIEWS, { options: { take: 1000 } });
        const byProduct = new Map<string, any[]>();
        for (const r of adminList.items) byProduct.set(r.productId, [...(byProduct.get(r.productId) ?? []), r]);
        const [productId, reviews] = [...byProduct.entries()].sort((a, b) => b[1].length - a[1].length)[0];
        const approved = reviews.filter(r => r.state === 'approved');
        const list = (await q(REVIEWS, { productId, options: { take: 50 } })).productReviews;
        expect(list.totalItems).toBe(approved.length);
        expect(new Set(list.items.map((r: any) => r.id))).toEqual(new Set(approved.map(r => r.id)));
        for (const r of list.items) {
            expect(r.state).toBe('approved');
            expect(r.isAuthor).toBe(false);
        }
        const times = list.items.map((r: any) => Date.parse(r.createdAt));
        expect(times).toEqual([...times].sort((a, b) => b - a));
        const page = (await q(REVIEWS, { productId, options: { skip: 1, take: 1 } })).productReviews;
        expect(page.totalItems).toBe(approved.length);
        expect(page.items.map((r: any) => r.id)).toEqual(list.items.slice(1, 2).map((r: any) => r.id));
    });

    it('guests cannot submit (ReviewNotAllowedError, ar and en)', async () => {
        await asGuest();
        const en = (await q(SUBMIT, { input: valid() }, 'en')).submitProductReview;
        expect(en).toMatchObject({ __typename: 'ReviewNotAllowedError', errorCode: 'REVIEW_NOT_ALLOWED_ERROR' });
        expect(en.message).toMatch(/sign in/i);
        const ar = (await q(SUBMIT, { input: valid() }, 'ar')).submitProductReview;
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
            const res = (await q(SUBMIT, { input: { ...valid(), ...patch } }, lang)).submitProductReview;
            expect(res).toMatchObject({ __typename: 'ReviewInputError', errorCode: 'REVIEW_INPUT_ERROR', field });
            expect(res.message).toMatch(message);
        }
        const fractional = await graphQlError(q(SUBMIT, { input: { ...valid(), rating: 4.5 } }));
        expect(fractional.message).toMatch(/Int/);
    });

    it('refuses a review without a purchase of that product (ar and en)', async () => {
        await asDemo();
        const wrongProduct = (await q(SUBMIT, { input: { ...valid(), productId: secondLine.productId === ids[0] ? ids[1] : ids[0] } }, 'en'))
            .submitProductReview;
        expect(wrongProduct).toMatchObject({ __typename: 'ReviewNotAllowedError', errorCode: 'REVIEW_NOT_ALLOWED_ERROR' });
        expect(wrongProduct.message).toBe('You can review a product only after you have ordered it.');
        const unknownLine = (await q(SUBMIT, { input: { ...valid(), orderLineId: '999999' } }, 'ar')).submitProductReview;
        expect(unknownLine.message).toBe('يمكنك تقييم المنتج بعد شرائه فقط.');

        // someone else's order line
        await asOther();
        const foreign = (await q(SUBMIT, { input: valid() })).submitProductReview;
        expect(foreign.__typename).toBe('ReviewNotAllowedError');

        // a line of an order that was not placed (still AddingItems)
        const { product } = await q(
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
        const variant = product.variants.find((v: any) => v.stockLevel !== 'OUT_OF_STOCK') ?? product.variants[0];
        const added = await q(
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
        const unplaced = (await q(SUBMIT, { input: { ...valid(), orderLineId: cartLine } })).submitProductReview;
        expect(unplaced.__typename).toBe('ReviewNotAllowedError');
    });

    it('accepts a purchaser’s review as pending; only the author sees it', async () => {
        await asDemo();
        const before = (await q(RATING, { id: purchased.productId })).product.overallRating;
        const res = (await q(SUBMIT, { input: valid() }, 'ar')).submitProductReview;
        expect(res).toMatchObject({
            __typename: 'ProductReview',
            state: 'pending',
            rating: 4,
            summary: valid().summary,
            authorName: 'Sara A.',
            isAuthor: true,
        });
        myReviewId = res.id;
        const mine = (await q(REVIEWS, { productId: purchased.productId })).productReviews;
        expect(mine.items[0]).toMatchObject({ id: myReviewId, state: 'pending', isAuthor: true });
        expect(mine.items.filter((r: any) => r.isAuthor)).toHaveLength(1);
        const lines = (await q(MY_LINES)).activeCustomer.orders.items.flatMap((o: any) => o.lines);
        expect(lines.find((l: any) => l.id === purchased.lineId).orderLineHasReview).toBe(true);
        expect(lines.find((l: any) => l.id === secondLine.lineId).orderLineHasReview).toBe(false);

        await asGuest();
        const guestView = (await q(REVIEWS, { productId: purchased.productId, options: { take: 50 } })).productReviews;
        expect(guestView.items.map((r: any) => r.id)).not.toContain(myReviewId);
        expect(guestView.totalItems).toBe(mine.totalItems - 1);
        expect((await q(RATING, { id: purchased.productId })).product.overallRating).toEqual(before);
    });

    it('allows one review per order line (ReviewAlreadySubmittedError)', async () => {
        await asDemo();
        const again = (await q(SUBMIT, { input: { ...valid(), rating: 2 } }, 'ar')).submitProductReview;
        expect(again).toMatchObject({ __typename: 'ReviewAlreadySubmittedError', errorCode: 'REVIEW_ALREADY_SUBMITTED_ERROR' });
        expect(again.message).toBe('لقد قمت بتقييم هذه المشتريات من قبل.');
        const en = (await q(SUBMIT, { input: valid() }, 'en')).submitProductReview;
        expect(en.message).toBe('You have already reviewed this purchase.');
    });

    it('admin moderation: list pending, approve (counts in the rating), reject (hidden)', async () => {
        await env.adminClient.asSuperAdmin();
        const pending = (
            await env.adminClient.query(ADMIN_REVIEWS, { options: { filter: { state: { eq: 'pending' } }, take: 100 } })
        ).productReviews;
        const mine = pending.items.find((r: any) => r.id === myReviewId);
        expect(mine).toMatchObject({
            state: 'pending',
            productId: purchased.productId,
            orderLineId: purchased.lineId,
            customer: { emailAddress: DEMO.email },
        });
        await asGuest();
        const before = (await q(RATING, { id: purchased.productId })).product.overallRating;
        const approved = await env.adminClient.query(SET_STATE, { id: myReviewId, state: 'approved' });
        expect(approved.updateProductReviewState).toEqual({ id: myReviewId, state: 'approved' });
        const after = (await q(RATING, { id: purchased.productId })).product.overallRating;
        expect(after.totalCount).toBe(before.totalCount + 1);
        expect(after.overallRate).toBeCloseTo((before.overallRate * before.totalCount + 4) / (before.totalCount + 1), 1);
        expect((await q(REVIEWS, { productId: purchased.productId, options: { take: 50 } })).productReviews.items.map((r: any) => r.id)).toContain(
            myReviewId,
        );

        await env.adminClient.query(SET_STATE, { id: myReviewId, state: 'rejected' });
        expect((await q(REVIEWS, { productId: purchased.productId, options: { take: 50 } })).productReviews.items.map((r: any) => r.id)).not.toContain(
            myReviewId,
        );
        expect((await q(RATING, { id: purchased.productId })).product.overallRating).toEqual(before);
        // a rejected review is not shown to its author either
        await asDemo();
        expect((await q(REVIEWS, { productId: purchased.productId, options: { take: 50 } })).productReviews.items.map((r: any) => r.id)).not.toContain(
            myReviewId,
        );
    });

    it('admin review operations need catalogue permissions', async () => {
        await env.adminClient.asAnonymousUser();
        expect((await graphQlError(env.adminClient.query(ADMIN_REVIEWS, {}))).code).toBe('FORBIDDEN');
        expect((await graphQlError(env.adminClient.query(SET_STATE, { id: myReviewId, state: 'approved' }))).code).toBe(
            'FORBIDDEN',
        );
        await env.adminClient.asSuperAdmin();
    });

    it('rate-limits submissions per customer (RateLimitError, translated)', async () => {
        await asDemo();
        for (let i = 0; i < 10; i++) {
            const res = (await q(SUBMIT, { input: { ...valid(), rating: 9 } })).submitProductReview;
            expect(res.__typename).toBe('ReviewInputError');
        }
        const limited = (await q(SUBMIT, { input: { ...valid(), orderLineId: secondLine.lineId, productId: secondLine.productId } }, 'ar'))
            .submitProductReview;
        expect(limited).toMatchObject({ __typename: 'RateLimitError', errorCode: 'RATE_LIMIT_ERROR' });
        expect(limited.retryAfterSeconds).toBeGreaterThan(0);
        expect(limited.message).toMatch(/[\u0600-\u06FF]/);
        await env.server.app.get(RateLimitService).reset('submitProductReview:');
        const ok = (await q(SUBMIT, { input: { ...valid(), orderLineId: secondLine.lineId, productId: secondLine.productId } }))
            .submitProductReview;
        expect(ok).toMatchObject({ __typename: 'ProductReview', state: 'pending' });
    });
});
