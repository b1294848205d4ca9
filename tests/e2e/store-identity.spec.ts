// Issue 32 §7 / issue 35 §7: the store's identity comes from the settings its owner keeps on the
// channel in the admin (decision 030; run-e2e.mjs seeds them from STORE_*), and nothing made up
// reaches a page: the footer shows the legal name, registration numbers, address and customer
// service in both languages; home, product and invoice pages hold no placeholder VAT number and no
// example domain.
import type { APIRequestContext, Page } from '@playwright/test';
import { adminCall, products, shopCall, signedInShopper } from './checkout-helpers';
import { browserLocale, expect, gotoHydrated, localePath, locales, test, tr, type Locale } from './fixtures';

interface Identity {
  legalNameAr: string | null;
  legalNameEn: string | null;
  vatNumber: string | null;
  commercialRegistrationNumber: string | null;
  addressAr: string | null;
  addressEn: string | null;
  customerServicePhone: string | null;
  customerServiceEmail: string | null;
  businessCertificateUrl: string | null;
}

/** What the owner has saved, read where the admin keeps it. */
async function savedIdentity(request: APIRequestContext): Promise<Identity> {
  const data = await adminCall<{ activeChannel: { customFields: Identity } }>(
    request,
    `query { activeChannel { customFields { legalNameAr legalNameEn vatNumber commercialRegistrationNumber addressAr addressEn
      customerServicePhone customerServiceEmail businessCertificateUrl } } }`,
  );
  return data.activeChannel.customFields;
}

const ARABIC_INDIC = '٠١٢٣٤٥٦٧٨٩';
const arabicDigits = (text: string) => text.replace(/[0-9]/g, (d) => ARABIC_INDIC[Number(d)]!);

/** Text nothing on a shopper's page may hold: the sample VAT number, the documentation domain. */
async function expectNoPlaceholders(page: Page, what: string) {
  const html = await page.content();
  expect(html, `placeholder VAT number on ${what}`).not.toContain('300000000000003');
  expect(html, `example domain on ${what}`).not.toMatch(/example\.(com|org|net)/i);
}

/** A cash-on-delivery order of the signed-in page's shopper, placed through the Shop API; its code. */
async function placeOrder(page: Page, request: APIRequestContext, locale: Locale): Promise<string> {
  const [product] = await products(request, locale, 5_000, 60_000);
  expect(product, 'a product cheap enough for cash on delivery').toBeTruthy();
  await shopCall(page, 'mutation($id: ID!) { addItemToOrder(productVariantId: $id, quantity: 1) { __typename } }', {
    id: product!.variants[0]!.id,
  });
  await shopCall(page, 'mutation($i: CreateAddressInput!) { setOrderShippingAddress(input: $i) { __typename } }', {
    i: { fullName: 'Sara Ali', streetLine1: 'Olaya St 12', city: 'Riyadh', countryCode: 'SA', phoneNumber: '+966501234567' },
  });
  const { eligibleShippingMethods } = await shopCall<{ eligibleShippingMethods: { id: string }[] }>(
    page,
    'query { eligibleShippingMethods { id } }',
  );
  await shopCall(page, 'mutation($id: [ID!]!) { setOrderShippingMethod(shippingMethodId: $id) { __typename } }', {
    id: [eligibleShippingMethods[0]!.id],
  });
  await shopCall(page, 'mutation { transitionOrderToState(state: "ArrangingPayment") { __typename } }');
  const { addPaymentToOrder } = await shopCall<{ addPaymentToOrder: { code?: string; state?: string } }>(
    page,
    'mutation { addPaymentToOrder(input: { method: "cash-on-delivery", metadata: {} }) { ... on Order { code state } } }',
  );
  expect(addPaymentToOrder.state).toBe('PaymentAuthorized');
  return addPaymentToOrder.code!;
}

for (const locale of locales) {
  test.describe(`the store's identity (${locale})`, () => {
    test.use(browserLocale(locale));

    test('the footer shows who runs the store, as its owner set it; home and product pages hold no placeholder', async ({
      page,
      request,
    }) => {
      test.slow();
      const saved = await savedIdentity(request);
      // the rig's owner has filled every field (run-e2e.mjs, STORE_*)
      expect(Object.values(saved).every(Boolean), JSON.stringify(saved)).toBe(true);
      const name = locale === 'ar' ? saved.legalNameAr! : saved.legalNameEn!;
      const address = locale === 'ar' ? arabicDigits(saved.addressAr!) : saved.addressEn!;

      await gotoHydrated(page, localePath(locale, '/'));
      const footer = page.getByRole('contentinfo');
      await expect(footer.getByText(name, { exact: true })).toBeVisible();
      await expect(footer.getByText(address, { exact: true })).toBeVisible();
      await expect(footer.getByText(`${tr(locale, 'VAT registration number:')} ${saved.vatNumber}`)).toBeVisible();
      await expect(
        footer.getByText(`${tr(locale, 'Commercial registration number:')} ${saved.commercialRegistrationNumber}`),
      ).toBeVisible();
      await expect(footer.getByRole('link', { name: saved.customerServicePhone! })).toHaveAttribute(
        'href',
        `tel:${saved.customerServicePhone}`,
      );
      await expect(footer.getByRole('link', { name: saved.customerServiceEmail! })).toHaveAttribute(
        'href',
        `mailto:${saved.customerServiceEmail}`,
      );
      await expect(footer.getByRole('link', { name: tr(locale, 'E-commerce registration certificate') })).toHaveAttribute(
        'href',
        saved.businessCertificateUrl!,
      );
      await expectNoPlaceholders(page, 'the home page');

      const [product] = await products(request, locale, 1, 10_000_000);
      await gotoHydrated(page, localePath(locale, `/products/${encodeURIComponent(product!.slug)}`));
      await expect(page.getByRole('contentinfo').getByText(name, { exact: true })).toBeVisible();
      await expectNoPlaceholders(page, 'a product page');
    });

    test("an order's tax invoice is issued by the owner's legal name and VAT number, and holds no placeholder", async ({
      page,
      request,
    }) => {
      test.slow();
      const saved = await savedIdentity(request);
      const shopper = await signedInShopper(page, request, locale, 'identity');
      const code = await placeOrder(page, request, locale);
      await gotoHydrated(page, localePath(locale, `/profile/orders/${code}`));
      const invoice = page.getByRole('region', { name: tr(locale, 'Simplified tax invoice') }).first();
      await expect(invoice.getByText(locale === 'ar' ? saved.legalNameAr! : saved.legalNameEn!, { exact: true })).toBeVisible();
      await expect(invoice.getByText(saved.vatNumber!, { exact: true })).toBeVisible();
      await expect(invoice.getByText(saved.commercialRegistrationNumber!, { exact: true })).toBeVisible();
      await expect(invoice.getByRole('img', { name: tr(locale, 'Tax invoice QR code') })).toBeVisible();
      // the test shopper's own e-mail (an example.com address) may be in the page's data; nothing else may
      const html = (await page.content()).replaceAll(shopper.email, '');
      expect(html).not.toContain('300000000000003');
      expect(html).not.toMatch(/example\.(com|org|net)/i);
    });
  });
}
