/**
 * The store owner in the admin (issue 35 §8): a "Store owner" role that runs the shop without
 * superadmin rights, and the admin's sign-in limited like the shop's.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { DEV_SUPERADMIN } from '../../server/src/vendure-config';
import { createStoreTestEnv, StoreTestEnv } from './helpers/test-env';

interface Answer {
  status: number;
  retryAfter: number | null;
  token: string | null;
  data?: any;
  errors?: Array<{ message: string; extensions?: Record<string, unknown> }>;
}

const LOGIN = /* GraphQL */ `
  mutation login($username: String!, $password: String!) {
    login(username: $username, password: $password) {
      __typename
      ... on ErrorResult {
        errorCode
      }
    }
  }
`;

const OWNER = { emailAddress: 'owner@example.com', password: 'Owner-pass-2026' };

describe('the store owner in the admin', () => {
  let env: StoreTestEnv;

  const call = async (api: 'admin-api' | 'shop-api', query: string, variables: Record<string, unknown> = {}, token?: string) => {
    const res = await fetch(`${env.baseUrl}/${api}?languageCode=en`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify({ query, variables }),
    });
    const body = (await res.json()) as { data?: any; errors?: Answer['errors'] };
    const retryAfter = res.headers.get('retry-after');
    return {
      status: res.status,
      retryAfter: retryAfter === null ? null : Number(retryAfter),
      token: res.headers.get('vendure-auth-token'),
      ...body,
    } satisfies Answer;
  };
  const admin = (query: string, variables: Record<string, unknown> = {}, token?: string) => call('admin-api', query, variables, token);
  const signIn = async (username: string, password: string) => {
    const r = await admin(LOGIN, { username, password });
    expect(r.data?.login.__typename).toBe('CurrentUser');
    return r.token!;
  };

  beforeAll(async () => {
    env = await createStoreTestEnv({ port: 3551 });
  });
  afterAll(async () => {
    await env?.destroy();
  });

  describe('the "Store owner" role', () => {
    let ownerToken: string;

    beforeAll(async () => {
      const su = await signIn(DEV_SUPERADMIN.username, DEV_SUPERADMIN.password);
      const roles = await admin(`{ roles(options: { filter: { code: { eq: "store-owner" } } }) { items { id } } }`, {}, su);
      const created = await admin(
        `mutation($input: CreateAdministratorInput!) { createAdministrator(input: $input) { id } }`,
        { input: { firstName: 'Noura', lastName: 'Al-Harbi', ...OWNER, roleIds: [roles.data.roles.items[0].id] } },
        su,
      );
      expect(created.errors).toBeUndefined();
      ownerToken = await signIn(OWNER.emailAddress, OWNER.password);
    });

    it('is seeded with the shop-running permissions and none of the installation ones', async () => {
      const su = await signIn(DEV_SUPERADMIN.username, DEV_SUPERADMIN.password);
      const r = await admin(
        `{ roles(options: { filter: { code: { eq: "store-owner" } } }) { items { description permissions channels { code } } } }`,
        {},
        su,
      );
      const [role] = r.data.roles.items;
      expect(role.description).toBe('Store owner / مالك المتجر');
      expect(role.channels).toEqual([{ code: '__default_channel__' }]);
      for (const p of [
        'UpdateCatalog',
        'UpdateProduct',
        'UpdateOrder',
        'UpdatePromotion',
        'UpdateShippingMethod',
        'UpdateSettings',
        'CreateStoreContent',
        'UpdateStoreContent',
        'ReadContactUsMessage',
        'ReadAdministrator',
      ]) {
        expect(role.permissions, p).toContain(p);
      }
      for (const p of [
        'SuperAdmin',
        'CreateAdministrator',
        'UpdateAdministrator',
        'DeleteAdministrator',
        'CreateChannel',
        'CreateApiKey',
        'UpdateSystem',
      ]) {
        expect(role.permissions, p).not.toContain(p);
      }
    });

    it('runs the catalogue, content, reviews and the contact inbox', async () => {
      const product = await admin(
        `mutation($input: UpdateProductInput!) { updateProduct(input: $input) { id enabled } }`,
        { input: { id: env.seed.productIds[0], enabled: true } },
        ownerToken,
      );
      expect(product.errors).toBeUndefined();
      expect(product.data.updateProduct).toEqual({ id: String(env.seed.productIds[0]), enabled: true });

      const faq = await admin(
        `mutation($input: FaqInput!) { createFaq(input: $input) { id } }`,
        { input: { languageCode: 'ar', title: 'متى يصل طلبي؟', content: 'خلال ثلاثة أيام عمل.', enabled: true } },
        ownerToken,
      );
      expect(faq.errors).toBeUndefined();
      expect(faq.data.createFaq.id).toBeTruthy();

      const reviews = await admin(`{ productReviews { totalItems items { id } } }`, {}, ownerToken);
      expect(reviews.errors).toBeUndefined();
      expect(reviews.data.productReviews.totalItems).toBeGreaterThan(0);
      const approved = await admin(
        `mutation($id: ID!) { updateProductReviewState(id: $id, state: approved) { id state } }`,
        { id: reviews.data.productReviews.items[0].id },
        ownerToken,
      );
      expect(approved.errors).toBeUndefined();
      expect(approved.data.updateProductReviewState.state).toBe('approved');

      const inbox = await admin(`{ contactUsMessages { totalItems } }`, {}, ownerToken);
      expect(inbox.errors).toBeUndefined();
      expect(typeof inbox.data.contactUsMessages.totalItems).toBe('number');
    });

    it("does not see the catalogue's internal fields (view count, search text) on a product", async () => {
      const r = await admin(`{ __type(name: "ProductCustomFields") { fields { name } } }`, {}, ownerToken);
      const fields = (r.data.__type.fields as { name: string }[]).map((f) => f.name);
      expect(fields).toEqual(expect.arrayContaining(['subTitle', 'dropPrice', 'newArrival']));
      expect(fields).not.toContain('viewCount');
      expect(fields).not.toContain('searchText');
    });

    it('cannot create administrators, give itself more rights or add channels', async () => {
      const staff = await admin(
        `mutation($input: CreateAdministratorInput!) { createAdministrator(input: $input) { id } }`,
        { input: { firstName: 'X', lastName: 'Y', emailAddress: 'staff@example.com', password: 'Staff-pass-2026', roleIds: [] } },
        ownerToken,
      );
      expect(staff.data).toBeNull();
      expect(staff.errors?.[0].extensions?.code).toBe('FORBIDDEN');

      const role = await admin(
        `mutation($input: CreateRoleInput!) { createRole(input: $input) { id } }`,
        { input: { code: 'everything', description: 'everything', permissions: ['SuperAdmin'] } },
        ownerToken,
      );
      expect(role.data).toBeNull();
      expect(role.errors).toHaveLength(1);

      const channel = await admin(
        `mutation { createChannel(input: { code: "second", token: "second", defaultLanguageCode: en, pricesIncludeTax: true, defaultCurrencyCode: SAR, defaultTaxZoneId: 1, defaultShippingZoneId: 1 }) { __typename } }`,
        {},
        ownerToken,
      );
      expect(channel.data).toBeNull();
      expect(channel.errors?.[0].extensions?.code).toBe('FORBIDDEN');
    });
  });

  it("locks the admin's sign-in per account after 10 failures, apart from the shop's", async () => {
    const username = DEV_SUPERADMIN.username;
    for (let i = 0; i < 9; i++) {
      const r = await admin(LOGIN, { username, password: `guess-${i}` });
      expect(r.status).toBe(200);
      expect(r.data.login).toEqual({ __typename: 'InvalidCredentialsError', errorCode: 'INVALID_CREDENTIALS_ERROR' });
    }
    // A success gives its hit back: the 10th failure is still answered.
    await signIn(username, DEV_SUPERADMIN.password);
    expect((await admin(LOGIN, { username, password: 'guess-9' })).data.login.__typename).toBe('InvalidCredentialsError');

    // The 11th, even with the right password: refused with 429 and a Retry-After.
    const limited = await admin(LOGIN, { username: username.toUpperCase(), password: DEV_SUPERADMIN.password });
    expect(limited.status).toBe(429);
    expect(limited.retryAfter).toBeGreaterThan(800);
    expect(limited.retryAfter).toBeLessThanOrEqual(900);
    expect(limited.data).toBeUndefined();
    expect(limited.errors?.[0]).toMatchObject({ extensions: { code: 'RATE_LIMIT_ERROR', retryAfterSeconds: limited.retryAfter } });

    // Another administrator is not affected, nor is a shopper who signs in with the same name.
    expect((await admin(LOGIN, { username: OWNER.emailAddress, password: OWNER.password })).data.login.__typename).toBe('CurrentUser');
    const shopper = await call('shop-api', LOGIN, { username, password: 'x' });
    expect(shopper.status).toBe(200);
    expect(shopper.data.login.__typename).toBe('InvalidCredentialsError');
  });
});
