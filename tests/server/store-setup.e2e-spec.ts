import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { IntlMessageFormat } from 'intl-messageformat';

import { EventBus, LanguageCode, RequestContextService } from '@vendure/core';

import { AddressVerificationCodeEvent, PasswordResetCodeEvent, VerificationCodeEvent } from '../../server/src/config/email';
import { arMessages } from '../../server/src/i18n/ar';
import { COUPONS } from '../../server/src/seed/steps/promotions';
import { DEMO_CUSTOMER } from '../../server/src/seed/steps/demo-customer';
import { shop } from './helpers/shop-api';
import { createStoreTestEnv, StoreTestEnv } from './helpers/test-env';

const PORT = 3103;

const ADD_ITEM = /* GraphQL */ `
  mutation addToCart($id: ID!, $qty: Int!) {
    addItemToOrder(productVariantId: $id, quantity: $qty) {
      __typename
      ... on Order {
        id
        code
        totalQuantity
        lines {
          quantity
          productVariant {
            id
          }
        }
      }
      ... on ErrorResult {
        errorCode
        message
      }
      ... on InsufficientStockError {
        quantityAvailable
        order {
          totalQuantity
        }
      }
    }
  }
`;
const APPLY_COUPON = /* GraphQL */ `
  mutation applyCouponCode($code: String!) {
    applyCouponCode(couponCode: $code) {
      __typename
      ... on Order {
        couponCodes
        discounts {
          amountWithTax
        }
        subTotalWithTax
        totalWithTax
      }
      ... on ErrorResult {
        errorCode
        message
      }
    }
  }
`;

describe('store setup + seeded catalogue (shop API)', () => {
  let env: StoreTestEnv;

  beforeAll(async () => {
    env = await createStoreTestEnv({ port: PORT });
  });
  afterAll(async () => {
    await env?.destroy();
  });

  const spec = (i: number) => env.seed.catalogue[i];
  const variantId = (sku: string) => String(env.seed.variantIdBySku[sku]);

  /** A fresh anonymous session holding one line of an in-stock product. */
  async function cartWithItem() {
    const inStock = env.seed.catalogue.find((p) => p.index >= 6 && p.variants.some((v) => v.stock >= 10))!;
    const v = inStock.variants.find((x) => x.stock >= 10)!;
    const r = await shop(env, ADD_ITEM, { id: variantId(v.sku), qty: 1 });
    expect(r.data.addItemToOrder.__typename).toBe('Order');
    return r.token!;
  }

  it('has the generated products', async () => {
    const r = await shop(env, `{ products(options: { take: 100 }) { totalItems items { slug } } }`);
    expect(r.data.products.totalItems).toBe(env.seed.catalogue.length);
    expect(r.data.products.totalItems).toBeGreaterThanOrEqual(12);
    expect(r.data.products.items.map((p: any) => p.slug).sort()).toEqual(env.seed.catalogue.map((p) => p.slug).sort());
  });

  it('serves Arabic names under languageCode=ar and English under en', async () => {
    const q = `query GetSingleProduct($slug: String!) { product(slug: $slug) { name slug description customFields { subTitle variantType } } }`;
    const p = spec(0);
    const ar = await shop(env, q, { slug: p.slug }, { lang: 'ar' });
    const en = await shop(env, q, { slug: p.slug }, { lang: 'en' });
    expect(ar.data.product.name).toBe(p.name.ar);
    expect(ar.data.product.name).toMatch(/[\u0600-\u06FF]/);
    expect(ar.data.product.customFields.subTitle).toBe(p.subTitle.ar);
    expect(en.data.product.name).toBe(p.name.en);
    expect(en.data.product.customFields.subTitle).toBe(p.subTitle.en);
    expect(en.data.product.customFields.variantType).toBe(p.variantType);
  });

  it('has a SAR channel with ar (default) + en and prices including VAT', async () => {
    const r = await shop(env, `{ activeChannel { currencyCode pricesIncludeTax defaultLanguageCode availableLanguageCodes } }`);
    expect(r.data.activeChannel).toEqual({
      currencyCode: 'SAR',
      pricesIncludeTax: true,
      defaultLanguageCode: 'ar',
      availableLanguageCodes: ['ar', 'en'],
    });
  });

  it('charges the promo price while a sale runs and keeps sale fields on the variant', async () => {
    const p = spec(0);
    expect(p.sale).toBe('current');
    const r = await shop(
      env,
      `query($slug: String!) { product(slug: $slug) { variants { sku priceWithTax customFields { mainPrice promoPrice onSale } } customFields { dropPrice } } }`,
      { slug: p.slug },
    );
    const v = r.data.product.variants.find((x: any) => x.sku === p.variants[0].sku);
    expect(v.priceWithTax).toBe(p.variants[0].promoPrice);
    expect(v.customFields).toEqual({ mainPrice: p.variants[0].mainPrice, promoPrice: p.variants[0].promoPrice, onSale: true });
    expect(v.priceWithTax).toBeLessThan(v.customFields.mainPrice);
    expect(r.data.product.customFields.dropPrice).toBe(p.variants[0].mainPrice);
  });

  it('has indexed the catalogue for search in both languages', async () => {
    const q = `query($term: String!) { search(input: { term: $term, groupByProduct: true, take: 50 }) { totalItems items { productName } } }`;
    const p = spec(0);
    const word = p.name.ar.split(' ')[0];
    const ar = await shop(env, q, { term: word }, { lang: 'ar' });
    expect(ar.data.search.totalItems).toBeGreaterThan(0);
    expect(ar.data.search.items.map((i: any) => i.productName)).toContain(p.name.ar);
    const en = await shop(env, q, { term: p.name.en.split(' ')[0] }, { lang: 'en' });
    expect(en.data.search.items.map((i: any) => i.productName)).toContain(p.name.en);
  });

  it('returns a session token (vendure-auth-token) for an anonymous addItemToOrder', async () => {
    const token = await cartWithItem();
    expect(token).toMatch(/^[0-9a-f]{20,}$/i);
    const active = await shop(env, `{ activeOrder { totalQuantity } }`, {}, { token });
    expect(active.data.activeOrder.totalQuantity).toBe(1);
  });

  it('rejects an unknown coupon with COUPON_CODE_INVALID_ERROR (Arabic message under ar)', async () => {
    const token = await cartWithItem();
    const en = await shop(env, APPLY_COUPON, { code: 'NOPE-123' }, { token, lang: 'en' });
    expect(en.data.applyCouponCode).toMatchObject({ errorCode: 'COUPON_CODE_INVALID_ERROR' });
    expect(en.data.applyCouponCode.message).toBe('Coupon code "NOPE-123" is not valid');
    const ar = await shop(env, APPLY_COUPON, { code: 'NOPE-123' }, { token, lang: 'ar' });
    expect(ar.data.applyCouponCode.errorCode).toBe('COUPON_CODE_INVALID_ERROR');
    expect(ar.data.applyCouponCode.message).toBe('رمز القسيمة "NOPE-123" غير صالح');
  });

  it('rejects EXPIRED20 with COUPON_CODE_EXPIRED_ERROR', async () => {
    const token = await cartWithItem();
    const r = await shop(env, APPLY_COUPON, { code: 'EXPIRED20' }, { token, lang: 'ar' });
    expect(r.data.applyCouponCode.errorCode).toBe('COUPON_CODE_EXPIRED_ERROR');
    expect(r.data.applyCouponCode.message).toBe('انتهت صلاحية رمز القسيمة "EXPIRED20"');
  });

  it('rejects the exhausted LIMITED5 with COUPON_CODE_LIMIT_ERROR', async () => {
    const token = await cartWithItem();
    const r = await shop(env, APPLY_COUPON, { code: 'LIMITED5' }, { token, lang: 'en' });
    expect(r.data.applyCouponCode.errorCode).toBe('COUPON_CODE_LIMIT_ERROR');
    const ar = await shop(env, APPLY_COUPON, { code: 'LIMITED5' }, { token, lang: 'ar' });
    expect(ar.data.applyCouponCode.message).toContain('مرة واحدة');
  });

  it('applies WELCOME10 (10 % off the VAT-inclusive subtotal)', async () => {
    const token = await cartWithItem();
    const r = await shop(env, APPLY_COUPON, { code: 'WELCOME10' }, { token });
    const order = r.data.applyCouponCode;
    expect(order.__typename).toBe('Order');
    expect(order.couponCodes).toEqual(['WELCOME10']);
    expect(order.discounts[0].amountWithTax).toBe(-Math.round((order.subTotalWithTax / 0.9) * (COUPONS.WELCOME10.discount / 100)));
  });

  it('limits VIP15 per customer: the demo customer used it already, a guest may use it', async () => {
    const guest = await cartWithItem();
    const ok = await shop(env, APPLY_COUPON, { code: 'VIP15' }, { token: guest });
    expect(ok.data.applyCouponCode.couponCodes).toEqual(['VIP15']);

    const login = await shop(
      env,
      `mutation($u: String!, $p: String!) { login(username: $u, password: $p) { __typename ... on CurrentUser { identifier } ... on ErrorResult { errorCode message } } }`,
      { u: DEMO_CUSTOMER.emailAddress, p: DEMO_CUSTOMER.password },
    );
    expect(login.data.login).toEqual({ __typename: 'CurrentUser', identifier: DEMO_CUSTOMER.emailAddress });
    const token = login.token!;
    const inStock = env.seed.catalogue.find((p) => p.index >= 6 && p.variants.some((v) => v.stock >= 10))!;
    await shop(env, ADD_ITEM, { id: variantId(inStock.variants.find((v) => v.stock >= 10)!.sku), qty: 1 }, { token });
    const r = await shop(env, APPLY_COUPON, { code: 'VIP15' }, { token, lang: 'en' });
    expect(r.data.applyCouponCode.errorCode).toBe('COUPON_CODE_LIMIT_ERROR');
    expect(r.data.applyCouponCode.message).toBe('Coupon code cannot be used more than once per customer');
  });

  it('reports INSUFFICIENT_STOCK_ERROR with quantityAvailable for a low-stock variant (ar + en)', async () => {
    const low = spec(0).variants[1];
    expect(low.stock).toBe(2);
    const en = await shop(env, ADD_ITEM, { id: variantId(low.sku), qty: 5 }, { lang: 'en' });
    expect(en.data.addItemToOrder).toMatchObject({
      __typename: 'InsufficientStockError',
      errorCode: 'INSUFFICIENT_STOCK_ERROR',
      quantityAvailable: 2,
      message: 'Only 2 items were added to the order due to insufficient stock',
    });
    expect(en.data.addItemToOrder.order.totalQuantity).toBe(2);
    const ar = await shop(env, ADD_ITEM, { id: variantId(low.sku), qty: 5 }, { lang: 'ar' });
    expect(ar.data.addItemToOrder.quantityAvailable).toBe(2);
    expect(ar.data.addItemToOrder.message).toBe('تمت إضافة قطعتين فقط إلى الطلب بسبب عدم كفاية المخزون');
  });

  it('reports quantityAvailable 0 for an out-of-stock product', async () => {
    const out = spec(1).variants[0];
    expect(out.stock).toBe(0);
    const r = await shop(env, ADD_ITEM, { id: variantId(out.sku), qty: 1 }, { lang: 'ar' });
    expect(r.data.addItemToOrder).toMatchObject({ errorCode: 'INSUFFICIENT_STOCK_ERROR', quantityAvailable: 0 });
    expect(r.data.addItemToOrder.message).toBe('لم تتم إضافة أي قطعة إلى الطلب بسبب عدم كفاية المخزون');
  });

  it('offers the seeded shipping methods in both languages', async () => {
    const token = await cartWithItem();
    await shop(
      env,
      `mutation { setOrderShippingAddress(input: { streetLine1: "Olaya", city: "Riyadh", countryCode: "SA" }) { __typename } }`,
      {},
      { token },
    );
    const q = `{ eligibleShippingMethods { code name priceWithTax } }`;
    const ar = await shop(env, q, {}, { token, lang: 'ar' });
    const byCode = Object.fromEntries(ar.data.eligibleShippingMethods.map((m: any) => [m.code, m]));
    expect(byCode.standard).toMatchObject({ name: 'التوصيل العادي', priceWithTax: 2500 });
    expect(byCode.express).toMatchObject({ name: 'التوصيل السريع', priceWithTax: 4500 });
    const en = await shop(env, q, {}, { token, lang: 'en' });
    expect(en.data.eligibleShippingMethods.find((m: any) => m.code === 'standard').name).toBe('Standard delivery');
  });

  it('lists the GCC countries with Arabic names', async () => {
    const r = await shop(env, `{ availableCountries { code name } }`, {}, { lang: 'ar' });
    const codes = r.data.availableCountries.map((c: any) => c.code).sort();
    expect(codes).toEqual(['AE', 'BH', 'KW', 'OM', 'QA', 'SA']);
    expect(r.data.availableCountries.find((c: any) => c.code === 'SA').name).toBe('المملكة العربية السعودية');
  });

  describe('Arabic messages of core error results', () => {
    const ERR = `... on ErrorResult { errorCode message }`;

    it('INVALID_CREDENTIALS_ERROR', async () => {
      const r = await shop(
        env,
        `mutation { login(username: "${DEMO_CUSTOMER.emailAddress}", password: "wrong-password") { ${ERR} } }`,
        {},
        { lang: 'ar' },
      );
      expect(r.data.login).toEqual({ errorCode: 'INVALID_CREDENTIALS_ERROR', message: 'بيانات الدخول غير صحيحة' });
    });

    it('PASSWORD_RESET_TOKEN_INVALID_ERROR', async () => {
      const r = await shop(
        env,
        `mutation { resetPassword(token: "no-such-token", password: "Secret123!") { ${ERR} } }`,
        {},
        { lang: 'ar' },
      );
      expect(r.data.resetPassword).toEqual({
        errorCode: 'PASSWORD_RESET_TOKEN_INVALID_ERROR',
        message: 'رمز إعادة تعيين كلمة المرور غير معروف',
      });
    });

    it('VERIFICATION_TOKEN_INVALID_ERROR', async () => {
      const r = await shop(
        env,
        `mutation { verifyCustomerAccount(token: "no-such-token", password: "Secret123!") { ${ERR} } }`,
        {},
        { lang: 'ar' },
      );
      expect(r.data.verifyCustomerAccount).toEqual({ errorCode: 'VERIFICATION_TOKEN_INVALID_ERROR', message: 'رمز التحقق غير معروف' });
    });

    it('NOT_VERIFIED_ERROR for a registered but unverified account', async () => {
      const email = `unverified-${Date.now()}@example.com`;
      const reg = await shop(
        env,
        `mutation($input: RegisterCustomerInput!) { registerCustomerAccount(input: $input) { __typename ${ERR} } }`,
        { input: { emailAddress: email, password: 'Secret123!', firstName: 'Nora', lastName: 'Test' } },
      );
      expect(reg.data.registerCustomerAccount.__typename).toBe('Success');
      const r = await shop(env, `mutation { login(username: "${email}", password: "Secret123!") { ${ERR} } }`, {}, { lang: 'ar' });
      expect(r.data.login).toEqual({ errorCode: 'NOT_VERIFIED_ERROR', message: 'يرجى توثيق عنوان البريد الإلكتروني قبل تسجيل الدخول' });
    });

    it('every Arabic message is valid ICU and formats with sample arguments', () => {
      const args = {
        quantityAvailable: 3,
        limit: 2,
        maxItems: 10,
        couponCode: 'X',
        appliedCouponCode: 'Y',
        orderState: 'S',
        fromState: 'A',
        toState: 'B',
        productCount: 2,
        variantCount: 11,
        productVariantCount: 1,
        facetCode: 'f',
        optionGroupCode: 'g',
        language: 'ar',
        channelCode: 'c',
        languageCode: 'ar',
        mimeType: 'image/x',
        productVariantName: 'v',
        stockOnHand: 0,
        name: 'n',
        value: 'v',
        max: 1,
        min: 0,
        validOptions: 'a',
        pattern: 'p',
        fieldName: 'f',
        validFields: 'a',
        type: 't',
        code: 'c',
        variantId: 1,
        channel: 'c',
        id: 1,
        entityName: 'E',
        token: 't',
        countryCode: 'SA',
        currencyCode: 'SAR',
        groupNames: 'g',
        variantName: 'v',
        missingChannelIds: '1',
        productVariantNames: 'v',
        permission: 'p',
        // ORDER_INTERCEPTOR_ERROR passes on the interceptor's own (already Arabic) text
        interceptorError: 'الحد الأقصى للكمية من المنتج الواحد هو 10 قطع.',
      };
      for (const group of Object.values(arMessages)) {
        for (const [key, msg] of Object.entries(group as Record<string, string>)) {
          const out = new IntlMessageFormat(msg, 'ar').format(args) as string;
          expect(out, key).toMatch(/[\u0600-\u06FF]/);
        }
      }
      const fmt = (n: number) =>
        new IntlMessageFormat(arMessages.errorResult.INSUFFICIENT_STOCK_ERROR, 'ar').format({ quantityAvailable: n });
      expect(fmt(1)).toBe('تمت إضافة قطعة واحدة فقط إلى الطلب بسبب عدم كفاية المخزون');
      expect(fmt(5)).toBe('تمت إضافة 5 قطع فقط إلى الطلب بسبب عدم كفاية المخزون');
      expect(fmt(11)).toBe('تمت إضافة 11 قطعة فقط إلى الطلب بسبب عدم كفاية المخزون');
    });
  });

  it('renders the bilingual code mails (verification, password reset, address) into the dev mailbox', async () => {
    const app = env.server.app;
    const arCtx = await app.get(RequestContextService).create({ apiType: 'shop', languageCode: LanguageCode.ar });
    const enCtx = await app.get(RequestContextService).create({ apiType: 'shop', languageCode: LanguageCode.en });
    const bus = app.get(EventBus);
    await bus.publish(
      new VerificationCodeEvent(arCtx, { emailAddress: 'ar-code@example.com', code: '123456', expiresInMinutes: 15, name: 'سارة' }),
    );
    await bus.publish(new PasswordResetCodeEvent(enCtx, { emailAddress: 'en-code@example.com', code: '654321', expiresInMinutes: 15 }));
    await bus.publish(
      new AddressVerificationCodeEvent(arCtx, {
        emailAddress: 'addr@example.com',
        code: '111222',
        expiresInMinutes: 10,
        addressSummary: 'العليا، الرياض',
      }),
    );
    let mails = env.readMails();
    for (let i = 0; i < 50 && mails.filter((m) => m.recipient.endsWith('@example.com') && /code|addr/.test(m.recipient)).length < 3; i++) {
      await new Promise((r) => setTimeout(r, 200));
      mails = env.readMails();
    }
    const ar = env.readMails({ to: 'ar-code@example.com' })[0];
    expect(ar.subject).toBe('رمز تفعيل حسابك | Your account verification code');
    expect(ar.body).toContain('data-testid="code">123456<');
    expect(ar.body).toContain('مرحباً سارة');
    const heading = (body: string, text: string) => body.search(new RegExp(`<h3[^>]*>${text}</h3>`));
    expect(heading(ar.body, 'تفعيل حسابك')).toBeGreaterThan(-1);
    expect(heading(ar.body, 'تفعيل حسابك')).toBeLessThan(heading(ar.body, 'Verify your account'));
    const en = env.readMails({ to: 'en-code@example.com' })[0];
    expect(en.subject).toBe('Your password reset code | رمز إعادة تعيين كلمة المرور');
    expect(en.body).toContain('654321');
    expect(heading(en.body, 'Reset your password')).toBeGreaterThan(-1);
    expect(heading(en.body, 'Reset your password')).toBeLessThan(heading(en.body, 'إعادة تعيين كلمة المرور'));
    const addr = env.readMails({ to: 'addr@example.com' })[0];
    expect(addr.body).toContain('العليا، الرياض');
    expect(addr.body).toContain('111222');
  });

  it('blocks cross-site simple requests (CSRF prevention) but serves JSON', async () => {
    const body = JSON.stringify({ query: '{ activeChannel { code } }' });
    const simple = await fetch(`${env.baseUrl}/shop-api`, { method: 'POST', headers: { 'content-type': 'text/plain' }, body });
    expect(simple.status).toBe(400);
    expect(await simple.text()).toMatch(/CSRF/);
    const json = await fetch(`${env.baseUrl}/shop-api`, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
    expect(json.status).toBe(200);
  });
});
