import crypto from 'crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { shopOk } from './helpers/shop-api';
import { createStoreTestEnv, StoreTestEnv } from './helpers/test-env';

/**
 * Issue 32 §7 / issue 35 §7: the store's identity is the owner's setting on the channel, not a
 * constant. Set through the Admin API (as the admin's channel page does), read by shoppers through
 * the Shop API's activeChannel, printed in every mail; a malformed VAT number is refused.
 */
const PORT = 3106;

const IDENTITY = {
  legalNameAr: 'شركة الأناقة للتجارة',
  legalNameEn: 'Elegance Trading Company',
  vatNumber: '310122393500003',
  commercialRegistrationNumber: '1010123456',
  addressAr: 'طريق العليا، مبنى 12، الرياض 12211',
  addressEn: 'Olaya Road, Building 12, Riyadh 12211',
  customerServicePhone: '+966112345678',
  customerServiceEmail: 'care@elegance-trading.sa',
  businessCertificateUrl: 'https://eauthenticate.saudibusiness.gov.sa/certificate-details/0000012345',
};
const FIELDS = Object.keys(IDENTITY).join(' ');

const UPDATE_CHANNEL = /* GraphQL */ `
  mutation ($input: UpdateChannelInput!) {
    updateChannel(input: $input) {
      __typename
      ... on Channel { customFields { ${FIELDS} } }
      ... on ErrorResult { errorCode message }
    }
  }
`;

describe('store identity on the channel', () => {
  let env: StoreTestEnv;
  let token: string;
  let channelId: string;

  /** Admin API as the superadmin in `lang`; GraphQL errors are returned. */
  async function admin(query: string, variables: Record<string, unknown> = {}, lang: 'ar' | 'en' = 'en') {
    const res = await fetch(`${env.baseUrl}/admin-api?languageCode=${lang}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ query, variables }),
    });
    return (await res.json()) as { data: any; errors?: { message: string; extensions?: { code?: string } }[] };
  }

  async function shopIdentity(lang: 'ar' | 'en') {
    const r = await shopOk(env, `query { activeChannel { customFields { ${FIELDS} } } }`, {}, { lang });
    return r.data.activeChannel.customFields as Record<string, string | null>;
  }

  beforeAll(async () => {
    env = await createStoreTestEnv({ port: PORT });
    const login = await fetch(`${env.baseUrl}/admin-api`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query: 'mutation { login(username: "superadmin", password: "superadmin") { __typename } }' }),
    });
    token = login.headers.get('vendure-auth-token')!;
    channelId = (await admin('query { activeChannel { id } }')).data.activeChannel.id;
  });
  afterAll(async () => {
    await env?.destroy();
  });

  it('unset, the Shop API says so: no placeholder VAT number or legal name', async () => {
    const fields = await shopIdentity('en');
    expect(Object.keys(fields).sort()).toEqual(Object.keys(IDENTITY).sort());
    expect(Object.values(fields).every((v) => v === null)).toBe(true);
  });

  it('what the owner saves in the admin is what shoppers read, in both languages', async () => {
    const saved = await admin(UPDATE_CHANNEL, { input: { id: channelId, customFields: IDENTITY } });
    expect(saved.errors).toBeUndefined();
    expect(saved.data.updateChannel).toEqual({ __typename: 'Channel', customFields: IDENTITY });
    expect(await shopIdentity('ar')).toEqual(IDENTITY);
    expect(await shopIdentity('en')).toEqual(IDENTITY);
  });

  it.each([
    ['too short', '31012239350003'],
    ['not starting with 3', '210122393500003'],
    ['not ending with 3', '310122393500001'],
    ['letters', '3101223935000O3'],
    ['the placeholder 300000000000003', '300000000000003'],
  ])('a VAT number %s is refused with a clear message, in the admin’s language; the saved one stays', async (_, vatNumber) => {
    await admin(UPDATE_CHANNEL, { input: { id: channelId, customFields: { vatNumber: IDENTITY.vatNumber } } });
    const en = await admin(UPDATE_CHANNEL, { input: { id: channelId, customFields: { vatNumber } } }, 'en');
    expect(en.errors?.[0]?.message).toBe(
      'The VAT registration number must be the 15 digits of the store’s registration, starting and ending with 3 (for example 310122393500003).',
    );
    const ar = await admin(UPDATE_CHANNEL, { input: { id: channelId, customFields: { vatNumber } } }, 'ar');
    expect(ar.errors?.[0]?.message).toMatch(/^يجب أن يكون رقم التسجيل الضريبي/);
    expect((await shopIdentity('en')).vatNumber).toBe(IDENTITY.vatNumber);
  });

  it.each([
    ['commercialRegistrationNumber', '10101234', 'The commercial registration number must be 10 digits.'],
    ['customerServicePhone', '123', 'Enter the customer-service phone in international form, for example +966112345678.'],
    ['customerServiceEmail', 'care@', 'Enter a valid customer-service e-mail address.'],
    ['businessCertificateUrl', 'http://example.sa/cert', 'The certificate link must be a full https:// address.'],
  ])('a malformed %s is refused', async (field, value, message) => {
    const r = await admin(UPDATE_CHANNEL, { input: { id: channelId, customFields: { [field]: value } } });
    expect(r.errors?.[0]?.message).toBe(message);
  });

  it('a field the owner empties is gone for shoppers (nothing made up in its place)', async () => {
    const r = await admin(UPDATE_CHANNEL, { input: { id: channelId, customFields: { ...IDENTITY, vatNumber: null } } });
    expect(r.errors).toBeUndefined();
    expect((await shopIdentity('en')).vatNumber).toBeNull();
    await admin(UPDATE_CHANNEL, { input: { id: channelId, customFields: IDENTITY } });
  });

  it('every mail ends with the identity as last saved, in both languages', async () => {
    await admin(UPDATE_CHANNEL, { input: { id: channelId, customFields: IDENTITY } });
    const to = `identity-${crypto.randomBytes(4).toString('hex')}@example.com`;
    await shopOk(
      env,
      'mutation($input: RegisterCustomerInput!) { registerCustomerAccount(input: $input) { __typename } }',
      { input: { emailAddress: to, password: 'secret123', firstName: 'Sara', lastName: 'Test' } },
      { lang: 'ar' },
    );
    let mail = env.readMails({ to })[0];
    for (const until = Date.now() + 15_000; !mail && Date.now() < until; mail = env.readMails({ to })[0]) {
      await new Promise((r) => setTimeout(r, 200));
    }
    expect(mail).toBeDefined();
    const text = mail!.body.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');
    expect(text).toContain('شركة الأناقة للتجارة');
    expect(text).toContain('طريق العليا، مبنى ١٢، الرياض ١٢٢١١');
    expect(text).toContain('الرقم الضريبي: 310122393500003');
    expect(text).toContain('السجل التجاري: 1010123456');
    expect(text).toContain('Elegance Trading Company');
    expect(text).toContain('Olaya Road, Building 12, Riyadh 12211');
    expect(text).toContain('VAT number: 310122393500003');
    expect(text).toContain('Commercial registration: 1010123456');
    expect(mail!.body).toContain('href="tel:+966112345678"');
    expect(mail!.body).toContain('href="mailto:care@elegance-trading.sa"');
  });
});
