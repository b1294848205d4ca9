import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { adminApi, shopOk } from './helpers/shop-api';
import { createStoreTestEnv, StoreTestEnv } from './helpers/test-env';

const PORT = 3401;
const RATE_LIMIT = 3;
const ARABIC = /[\u0600-\u06FF]/;

const CONTACT_US = /* GraphQL */ `
  mutation ContactUs($input: ContactUsInput!) {
    contactUs(input: $input) {
      __typename
      ... on ContactUsMessage {
        id
        createdAt
      }
      ... on ContactUsInputError {
        errorCode
        message
        field
      }
      ... on RateLimitError {
        errorCode
        message
        retryAfterSeconds
      }
    }
  }
`;

describe('content plugin', () => {
  let env: StoreTestEnv;
  const previousLimit = process.env.CONTACT_US_RATE_LIMIT;

  beforeAll(async () => {
    process.env.CONTACT_US_RATE_LIMIT = String(RATE_LIMIT);
    env = await createStoreTestEnv({ port: PORT });
  });
  afterAll(async () => {
    await env?.destroy();
    if (previousLimit === undefined) delete process.env.CONTACT_US_RATE_LIMIT;
    else process.env.CONTACT_US_RATE_LIMIT = previousLimit;
  });

  it.each(['ar', 'en'] as const)('superBanners in %s: desktop and mobile artwork of that language', async (lang) => {
    const { data } = await shopOk(
      env,
      '{ superBanners { id languageCode redirectTo title asset { id preview width height } mobileAsset { id preview width height } } }',
      {},
      { lang },
    );
    expect(data.superBanners).toHaveLength(2);
    for (const b of data.superBanners) {
      expect(b.languageCode).toBe(lang);
      expect(ARABIC.test(b.title)).toBe(lang === 'ar');
      expect(b.asset).toMatchObject({ width: 1600, height: 600 });
      expect(b.mobileAsset).toMatchObject({ width: 800, height: 800 });
      expect(b.asset.id).not.toBe(b.mobileAsset.id);
      expect(b.redirectTo).toMatch(/^\/products/);
    }
    const take1 = await shopOk(env, '{ superBanners(options: { take: 1 }) { id } }', {}, { lang });
    expect(take1.data.superBanners).toHaveLength(1);
  });

  it.each(['ar', 'en'] as const)('banners in %s: home top/middle/bottom and category', async (lang) => {
    const q =
      'query($input: BannersInput!) { banners(input: $input) { id page position slug redirectTo redirectToSlug title assets { id preview } } }';
    const home = await shopOk(env, q, { input: { page: 'home' } }, { lang });
    expect(new Set(home.data.banners.map((b: any) => b.position))).toEqual(new Set(['top', 'middle', 'bottom']));
    const categoryCodes = Object.keys(env.seed.facetValueIds)
      .filter((k) => k.startsWith('category:'))
      .map((k) => k.slice('category:'.length));
    const external = home.data.banners.filter((b: any) => !b.redirectTo.startsWith('/'));
    // exactly one external target, on a host of the storefront's allow-list
    expect(external.map((b: any) => b.redirectTo)).toEqual(['https://tabby.ai/']);
    expect(external[0]).toMatchObject({ position: 'bottom', redirectToSlug: null });
    for (const b of home.data.banners) {
      expect(b.page).toBe('home');
      expect(b.assets.length).toBeGreaterThan(0);
      expect(ARABIC.test(b.title)).toBe(lang === 'ar');
      if (b === external[0]) continue;
      const [, , , cat] = b.redirectTo.split('/');
      expect(b.redirectTo.startsWith('/products/c/')).toBe(true);
      expect(categoryCodes).toContain(cat);
      expect(b.redirectToSlug).toBe(cat);
    }
    const middle = await shopOk(env, q, { input: { page: 'home', position: 'middle' } }, { lang });
    expect(middle.data.banners.length).toBeGreaterThan(0);
    expect(middle.data.banners.every((b: any) => b.position === 'middle')).toBe(true);
    const category = await shopOk(env, q, { input: { page: 'category' } }, { lang });
    expect(category.data.banners.length).toBeGreaterThan(0);
    expect(category.data.banners[0].redirectTo).toMatch(/^\/products\/c\/[a-z-]+/);
    const none = await shopOk(env, q, { input: { page: 'no-such-page' } }, { lang });
    expect(none.data.banners).toEqual([]);
  });

  it.each(['ar', 'en'] as const)('the four policy pages in %s', async (lang) => {
    const titles = new Set<string>();
    for (const type of ['privacy', 'usage', 'warranty', 'exchange']) {
      const { data } = await shopOk(env, `{ politics(type: ${type}) { policy content } }`, {}, { lang });
      expect(data.politics, type).not.toBeNull();
      expect(ARABIC.test(data.politics.policy)).toBe(lang === 'ar');
      expect(ARABIC.test(data.politics.content)).toBe(lang === 'ar');
      expect(data.politics.content).toContain('<p>');
      titles.add(data.politics.policy);
    }
    expect(titles.size).toBe(4);
  });

  it.each(['ar', 'en'] as const)('FAQs in %s', async (lang) => {
    const { data } = await shopOk(env, '{ faqs { id title content languageCode } }', {}, { lang });
    expect(data.faqs).toHaveLength(8);
    for (const f of data.faqs) {
      expect(f.languageCode).toBe(lang);
      expect(ARABIC.test(f.title + f.content)).toBe(lang === 'ar');
    }
  });

  it('social links are language-neutral', async () => {
    const ar = await shopOk(env, '{ socialLinks { id platform link icon } }', {}, { lang: 'ar' });
    const en = await shopOk(env, '{ socialLinks { id platform link icon } }', {}, { lang: 'en' });
    expect(ar.data.socialLinks.map((l: any) => l.platform)).toEqual(['instagram', 'x', 'tiktok', 'youtube', 'snapchat', 'whatsapp']);
    expect(en.data.socialLinks).toEqual(ar.data.socialLinks);
    for (const l of ar.data.socialLinks) expect(l.link).toMatch(/^https:\/\//);
  });

  it('header alert per language', async () => {
    const ar = await shopOk(env, '{ alert { id name url languageCode } }', {}, { lang: 'ar' });
    const en = await shopOk(env, '{ alert { id name url languageCode } }', {}, { lang: 'en' });
    expect(ar.data.alert).toMatchObject({ languageCode: 'ar', name: 'شحن مجاني للطلبات فوق ٣٠٠ ريال' });
    expect(en.data.alert).toMatchObject({ languageCode: 'en', name: 'Free shipping on orders over 300 SAR' });
  });

  it('cities with codes and both names, named and sorted in the request language', async () => {
    const q = 'query($cc: String!) { cities(countryCode: $cc) { id code name countryCode translations { languageCode name } } }';
    const ar = await shopOk(env, q, { cc: 'SA' }, { lang: 'ar' });
    const en = await shopOk(env, q, { cc: 'sa' }, { lang: 'en' });
    const ruhAr = ar.data.cities.find((c: any) => c.code === 'RUH');
    const ruhEn = en.data.cities.find((c: any) => c.code === 'RUH');
    expect(ruhAr).toMatchObject({ name: 'الرياض', countryCode: 'SA' });
    expect(ruhEn).toMatchObject({ name: 'Riyadh', countryCode: 'SA' });
    expect(ruhEn.translations).toEqual(
      expect.arrayContaining([
        { languageCode: 'ar', name: 'الرياض' },
        { languageCode: 'en', name: 'Riyadh' },
      ]),
    );
    expect(en.data.cities.find((c: any) => c.code === 'JED').name).toBe('Jeddah');
    expect(ar.data.cities.find((c: any) => c.code === 'JED').name).toBe('جدة');
    const enNames = en.data.cities.map((c: any) => c.name);
    expect(enNames).toEqual([...enNames].sort((a, b) => a.localeCompare(b, 'en')));
    expect(en.data.cities.every((c: any) => c.countryCode === 'SA')).toBe(true);
    const ae = await shopOk(env, q, { cc: 'AE' }, { lang: 'en' });
    expect(ae.data.cities.map((c: any) => c.code)).toContain('DXB');
    const none = await shopOk(env, q, { cc: 'ZZ' }, { lang: 'en' });
    expect(none.data.cities).toEqual([]);
  });

  it("Address.cityDetails on the demo customer's address", async () => {
    const login = await shopOk(
      env,
      'mutation { login(username: "customer@example.com", password: "Customer123!") { __typename ... on ErrorResult { message } } }',
    );
    expect(login.data.login.__typename).toBe('CurrentUser');
    for (const lang of ['ar', 'en'] as const) {
      const { data } = await shopOk(
        env,
        '{ activeCustomer { addresses { city customFields { cityCode } cityDetails { CountryCode LocationAr LocationEn CityCode } } } }',
        {},
        { lang, token: login.token },
      );
      const address = data.activeCustomer.addresses[0];
      expect(address.customFields.cityCode).toBe('RUH');
      expect(address.cityDetails).toEqual({ CountryCode: 'SA', LocationAr: 'الرياض', LocationEn: 'Riyadh', CityCode: 'RUH' });
    }
  });

  const valid = {
    name: 'Noura Al-Harbi',
    emailAddress: 'noura@example.com',
    phoneNumber: '٠٥٠١٢٣٤٥٦٧',
    subject: 'Order question',
    message: 'Where is my order 1042? It has been a week.',
  };

  it('contactUs validation errors in Arabic and English (not counted by the rate limit)', async () => {
    const cases: Array<[Partial<typeof valid>, string, RegExp, RegExp]> = [
      [{ name: 'N' }, 'name', /Please enter your name \(2 to 80 characters\)/, /يرجى إدخال اسمك/],
      [{ emailAddress: 'not-an-email' }, 'emailAddress', /valid email/, /بريد إلكتروني صحيح/],
      [{ phoneNumber: '12' }, 'phoneNumber', /valid phone number/, /رقم جوال صحيح/],
      [{ subject: 'x'.repeat(151) }, 'subject', /at most 150 characters/, /الموضوع/],
      [{ message: 'short' }, 'message', /10 to 2000 characters/, /يرجى كتابة رسالة/],
    ];
    for (const [patch, field, en, ar] of cases) {
      const e = await shopOk(env, CONTACT_US, { input: { ...valid, ...patch } }, { lang: 'en' });
      expect(e.data.contactUs).toMatchObject({ __typename: 'ContactUsInputError', errorCode: 'CONTACT_US_INPUT_ERROR', field });
      expect(e.data.contactUs.message).toMatch(en);
      const a = await shopOk(env, CONTACT_US, { input: { ...valid, ...patch } }, { lang: 'ar' });
      expect(a.data.contactUs).toMatchObject({ __typename: 'ContactUsInputError', field });
      expect(a.data.contactUs.message).toMatch(ar);
    }
  });

  it('contactUs stores a valid message, readable in the Admin API; then rate-limits', async () => {
    const sent = await shopOk(env, CONTACT_US, { input: valid }, { lang: 'ar' });
    expect(sent.data.contactUs.__typename).toBe('ContactUsMessage');
    const id = sent.data.contactUs.id;

    const admin = await adminApi(env);
    const { contactUsMessage } = await admin(
      'query ($id: ID!) { contactUsMessage(id: $id) { id name emailAddress phoneNumber subject message languageCode customerId } }',
      { id },
    );
    expect(contactUsMessage).toEqual({
      id,
      name: valid.name,
      emailAddress: valid.emailAddress,
      phoneNumber: '0501234567',
      subject: valid.subject,
      message: valid.message,
      languageCode: 'ar',
      customerId: null,
    });
    const { contactUsMessages } = await admin('{ contactUsMessages(options: { take: 10 }) { totalItems items { id } } }');
    expect(contactUsMessages.items.map((m: any) => m.id)).toContain(id);

    // RATE_LIMIT valid messages per window per IP: one is used above.
    for (let i = 1; i < RATE_LIMIT; i++) {
      const ok = await shopOk(env, CONTACT_US, { input: { ...valid, subject: `Try ${i}` } }, { lang: 'en' });
      expect(ok.data.contactUs.__typename).toBe('ContactUsMessage');
    }
    const en = await shopOk(env, CONTACT_US, { input: valid }, { lang: 'en' });
    expect(en.data.contactUs).toMatchObject({ __typename: 'RateLimitError', errorCode: 'RATE_LIMIT_ERROR' });
    expect(en.data.contactUs.retryAfterSeconds).toBeGreaterThan(0);
    expect(ARABIC.test(en.data.contactUs.message)).toBe(false);
    const ar = await shopOk(env, CONTACT_US, { input: valid }, { lang: 'ar' });
    expect(ar.data.contactUs.__typename).toBe('RateLimitError');
    expect(ARABIC.test(ar.data.contactUs.message)).toBe(true);
    const after = await admin('{ contactUsMessages { totalItems } }');
    expect(after.contactUsMessages.totalItems).toBe(RATE_LIMIT);
  });
  it('the Admin API refuses contact messages and content lists to anonymous callers', async () => {
    for (const query of ['{ contactUsMessages { totalItems } }', '{ faqList { totalItems } }']) {
      const res = await fetch(`${env.baseUrl}/admin-api`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ query }),
      });
      const json = (await res.json()) as { errors?: Array<{ extensions?: { code?: string } }> };
      expect(json.errors?.[0]?.extensions?.code, query).toBe('FORBIDDEN');
    }
  });

  it('the store owner lists and edits content; a language without a row falls back to the other', async () => {
    const admin = await adminApi(env);
    const lists = await admin(`{
            superBannerList { totalItems items { languageCode asset { id } mobileAsset { id } } }
            bannerList(options: { filter: { page: { eq: "home" } } }) { totalItems items { page assets { id } } }
            policyPageList { totalItems }
            faqList(options: { filter: { languageCode: { eq: "ar" } } }) { totalItems }
            socialLinkList { totalItems }
            alertList { totalItems items { id languageCode name } }
            cityList(options: { filter: { code: { eq: "RUH" } } }) { items { code name translations { languageCode name } } }
        }`);
    expect(lists.superBannerList.totalItems).toBe(4);
    expect(lists.bannerList.items.every((b: any) => b.page === 'home' && b.assets.length > 0)).toBe(true);
    expect(lists.policyPageList.totalItems).toBe(8);
    expect(lists.faqList.totalItems).toBe(8);
    expect(lists.socialLinkList.totalItems).toBe(6);
    // no languageCode: the channel's default language (ar)
    expect(lists.cityList.items[0]).toMatchObject({ code: 'RUH', name: 'الرياض' });

    // a new FAQ shows in its language only, in sort order
    const { createFaq } = await admin('mutation ($input: FaqInput!) { createFaq(input: $input) { id title } }', {
      input: { languageCode: 'ar', title: 'هل يمكنني تغيير عنوان التوصيل؟', content: 'نعم، قبل شحن الطلب.', sortOrder: -1 },
    });
    const arFaqs = await shopOk(env, '{ faqs { id } }', {}, { lang: 'ar' });
    expect(arFaqs.data.faqs[0].id).toBe(createFaq.id);
    const enFaqs = await shopOk(env, '{ faqs { id } }', {}, { lang: 'en' });
    expect(enFaqs.data.faqs.map((f: any) => f.id)).not.toContain(createFaq.id);
    // disabling hides it
    await admin('mutation ($input: UpdateFaqInput!) { updateFaq(input: $input) { id } }', { input: { id: createFaq.id, enabled: false } });
    const afterDisable = await shopOk(env, '{ faqs { id } }', {}, { lang: 'ar' });
    expect(afterDisable.data.faqs.map((f: any) => f.id)).not.toContain(createFaq.id);

    // the Arabic alert removed: Arabic readers get the English one rather than none
    const arAlert = lists.alertList.items.find((a: any) => a.languageCode === 'ar');
    const del = await admin('mutation ($id: ID!) { deleteContent(type: Alert, id: $id) { result } }', { id: arAlert.id });
    expect(del.deleteContent.result).toBe('DELETED');
    const fallback = await shopOk(env, '{ alert { name languageCode } }', {}, { lang: 'ar' });
    expect(fallback.data.alert).toEqual({ name: 'Free shipping on orders over 300 SAR', languageCode: 'en' });

    // an edited policy page is served as edited
    await admin('mutation ($input: UpsertPolicyPageInput!) { upsertPolicyPage(input: $input) { id } }', {
      input: { type: 'warranty', languageCode: 'en', policy: 'Warranty', content: '<p>Two years on everything.</p>' },
    });
    const warranty = await shopOk(env, '{ politics(type: warranty) { policy content } }', {}, { lang: 'en' });
    expect(warranty.data.politics).toEqual({ policy: 'Warranty', content: '<p>Two years on everything.</p>' });
    const after = await admin('{ policyPageList { totalItems } }');
    expect(after.policyPageList.totalItems).toBe(8);
  });
});
