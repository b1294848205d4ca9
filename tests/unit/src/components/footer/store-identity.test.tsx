// Issue 32 §7 / issue 35 §7: the footer and the invoice show the store's identity as its owner set
// it in the admin (decision 030), and nothing in its place when it is not set. Real catalogs.
import { I18nProvider } from '@lingui/react';
import { cleanup, render, screen, within } from '@testing-library/react';
import type { ReactElement } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { SiteFooter } from '../../../../../src/components/footer/site-footer';
import { TaxInvoiceUnavailable } from '../../../../../src/components/profile/tax-invoice-view';
import { loadI18n } from '../../../../../src/i18n/i18n';
import type { Locale } from '../../../../../src/i18n/locales';
import { EMPTY_CHROME } from '../../../../../src/lib/chrome-data';
import { storeIdentityOf } from '../../../../../src/lib/store-identity';

afterEach(cleanup);

async function renderIn(locale: Locale, ui: ReactElement) {
  const i18n = await loadI18n(locale);
  const router = createMemoryRouter([{ path: '*', element: ui }], { initialEntries: [locale === 'en' ? '/en' : '/'] });
  return render(
    <I18nProvider i18n={i18n}>
      <RouterProvider router={router} />
    </I18nProvider>,
  );
}

const OWNER_SETTINGS = {
  legalNameAr: 'شركة الأناقة للتجارة',
  legalNameEn: 'Elegance Trading Company',
  vatNumber: '310122393500003',
  commercialRegistrationNumber: '1010123456',
  addressAr: 'طريق العليا، مبنى 12، الرياض',
  addressEn: 'Olaya Road, Building 12, Riyadh',
  customerServicePhone: '+966112345678',
  customerServiceEmail: 'care@elegance-trading.sa',
  businessCertificateUrl: 'https://eauthenticate.saudibusiness.gov.sa/certificate-details/0000012345',
};

describe('the footer’s store identity', () => {
  it('in Arabic: the legal name, registration numbers, address in Arabic-Indic digits, customer service and certificate', async () => {
    await renderIn('ar', <SiteFooter chrome={{ ...EMPTY_CHROME, identity: storeIdentityOf(OWNER_SETTINGS) }} year={2026} />);
    const footer = screen.getByRole('contentinfo');
    expect(within(footer).getByText('شركة الأناقة للتجارة')).toBeTruthy();
    expect(within(footer).getByText('طريق العليا، مبنى ١٢، الرياض')).toBeTruthy();
    expect(within(footer).getByText('310122393500003').closest('p')!.textContent).toBe('الرقم الضريبي: 310122393500003');
    expect(within(footer).getByText('1010123456').closest('p')!.textContent).toBe('رقم السجل التجاري: 1010123456');
    expect(within(footer).getByRole('link', { name: '+966112345678' }).getAttribute('href')).toBe('tel:+966112345678');
    expect(within(footer).getByRole('link', { name: 'care@elegance-trading.sa' }).getAttribute('href')).toBe(
      'mailto:care@elegance-trading.sa',
    );
    expect(within(footer).getByRole('link', { name: 'شهادة توثيق المتجر الإلكتروني' }).getAttribute('href')).toBe(
      OWNER_SETTINGS.businessCertificateUrl,
    );
  });

  it('in English: the English legal name and address', async () => {
    await renderIn('en', <SiteFooter chrome={{ ...EMPTY_CHROME, identity: storeIdentityOf(OWNER_SETTINGS) }} year={2026} />);
    const footer = screen.getByRole('contentinfo');
    expect(within(footer).getByText('Elegance Trading Company')).toBeTruthy();
    expect(within(footer).getByText('Olaya Road, Building 12, Riyadh')).toBeTruthy();
    expect(within(footer).getByText('310122393500003').closest('p')!.textContent).toBe('VAT registration number: 310122393500003');
    expect(within(footer).getByRole('link', { name: 'E-commerce registration certificate' })).toBeTruthy();
  });

  it('not set (or set to the placeholder VAT number): nothing of it is shown, no placeholder in its place', async () => {
    for (const fields of [null, { vatNumber: '300000000000003' }]) {
      const { container } = await renderIn(
        'en',
        <SiteFooter chrome={{ ...EMPTY_CHROME, identity: storeIdentityOf(fields) }} year={2026} />,
      );
      expect(container.textContent).not.toMatch(/VAT registration number|Commercial registration|Customer service|300000000000003/);
      expect(container.querySelector('a[href^="tel:"], a[href^="mailto:"]')).toBeNull();
      cleanup();
    }
  });
});

describe('the tax invoice without the store’s tax details', () => {
  it.each([
    ['ar', 'فاتورة ضريبية مبسطة', /لم تُضبط البيانات الضريبية للمتجر/],
    ['en', 'Simplified tax invoice', /The store's tax details \(its legal name and VAT registration number\) are not configured yet/],
  ] as const)('says so in %s, with no number and no QR code', async (locale, title, message) => {
    const { container } = await renderIn(locale, <TaxInvoiceUnavailable />);
    const section = screen.getByRole('region', { name: title });
    expect(section.textContent).toMatch(message);
    expect(container.textContent).not.toMatch(/[0-9٠-٩]{15}/);
    expect(screen.queryByRole('img')).toBeNull();
  });
});
