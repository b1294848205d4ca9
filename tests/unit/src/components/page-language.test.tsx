// Issue 32 §6 and issue 39 item 7: an Arabic page speaks Arabic and counts in Arabic-Indic digits
// (decision 015), also where the text comes from the backend; names written in Latin letters say so
// with `lang`. Rendered with the real Arabic catalog.
import { I18nProvider } from '@lingui/react';
import { cleanup, render, screen, within } from '@testing-library/react';
import type { ReactElement } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { ReviewList } from '../../../../src/components/catalogue/review-list';
import { CheckoutSteps } from '../../../../src/components/checkout/checkout-steps';
import { OrderTotals, type OrderTotalsProps } from '../../../../src/components/checkout/order-totals';
import { ShippingStep } from '../../../../src/components/checkout/shipping-step';
import { SiteFooter } from '../../../../src/components/footer/site-footer';
import { taxName } from '../../../../src/components/profile/order-state';
import { TaxInvoiceView } from '../../../../src/components/profile/tax-invoice-view';
import { loadI18n } from '../../../../src/i18n/i18n';
import { EMPTY_CHROME } from '../../../../src/lib/chrome-data';
import { buildTaxInvoice } from '../../../../src/lib/invoice/tax-invoice';
import { langOfName } from '../../../../src/lib/script-lang';

afterEach(cleanup);

async function renderArabic(ui: ReactElement, path = '/') {
  const i18n = await loadI18n('ar');
  const router = createMemoryRouter([{ path: '*', element: ui }], { initialEntries: [path] });
  return render(
    <I18nProvider i18n={i18n}>
      <RouterProvider router={router} />
    </I18nProvider>,
  );
}

const LATIN_DIGIT = /[0-9]/;

describe('the checkout in Arabic', () => {
  it('numbers its steps with Arabic-Indic digits', async () => {
    const { container } = await renderArabic(<CheckoutSteps current="shipping" canGoTo={() => false} onGoTo={() => {}} />, '/checkout/X');
    const numbers = [...container.querySelectorAll('.checkout-steps__number')].map((n) => n.textContent);
    expect(numbers).toEqual(['١', '٢', '٣', '٤']);
  });

  it('writes the numbers of a delivery method’s description (typed in the back office) in Arabic-Indic digits', async () => {
    await renderArabic(
      <ShippingStep
        methods={[
          { id: '1', code: 'standard', name: 'التوصيل العادي', description: 'يصل خلال 3 إلى 5 أيام عمل.', priceWithTax: 2500 } as never,
        ]}
        selectedId={null}
        busy={false}
        canSubmit={false}
        onSelect={() => {}}
        onSubmit={() => {}}
      />,
      '/checkout/X',
    );
    expect(screen.getByText('يصل خلال ٣ إلى ٥ أيام عمل.')).toBeTruthy();
  });

  it('names a promotion with Arabic-Indic digits and the cash-on-delivery fee in Arabic only', async () => {
    const order: OrderTotalsProps['order'] = {
      lines: [{ discountedLinePriceWithTax: 20000 }],
      discounts: [{ description: 'خصم 10٪ للعملاء الجدد', amountWithTax: -2000 }] as never,
      shippingLines: [],
      shippingWithTax: 0,
      taxSummary: [{ description: 'VAT 15% Saudi Arabia', taxRate: 15, taxBase: 17391, taxTotal: 2609 }] as never,
      totalWithTax: 19500,
      surcharges: [
        {
          sku: 'payment-method:cash-on-delivery',
          description: 'رسوم الدفع عند الاستلام (15.00 ر.س) | Cash on delivery fee (SAR 15.00)',
          price: 1304,
          priceWithTax: 1500,
        },
      ] as never,
    };
    await renderArabic(<OrderTotals order={order} />, '/checkout-success');
    const terms = screen.getAllByRole('term').map((dt) => dt.textContent ?? '');
    expect(terms).toContain('خصم ١٠٪ للعملاء الجدد');
    expect(terms).toContain('رسوم الدفع عند الاستلام');
    expect(terms.join('\n')).not.toMatch(LATIN_DIGIT);
    expect(terms.join('\n')).not.toMatch(/[A-Za-z]/);
  });
});

describe('the order’s tax summary and invoice in Arabic', () => {
  it('names the tax rows in the page’s language, not by the backend’s rate names', async () => {
    const ar = await loadI18n('ar');
    expect(taxName(ar, { description: 'VAT 15% Saudi Arabia', taxRate: 15 })).toBe('ضريبة القيمة المضافة على المنتجات');
    expect(taxName(ar, { description: 'shipping tax', taxRate: 15 })).toBe('ضريبة القيمة المضافة على التوصيل');
    const en = await loadI18n('en');
    expect(taxName(en, { description: 'shipping tax', taxRate: 15 })).toBe('VAT on delivery');
    expect(taxName(en, { description: 'Zero-rated Saudi Arabia', taxRate: 0 })).toBe('Zero-rated items');
  });

  it('names the cash-on-delivery fee in Arabic (not "رسوم … | Cash on delivery fee") and keeps identifiers left to right', async () => {
    const invoice = buildTaxInvoice(
      {
        code: 'K7Q2M9X4',
        createdAt: '2026-11-20T09:02:10.000Z',
        orderPlacedAt: '2026-11-20T09:15:42.123Z',
        currencyCode: 'SAR',
        shipping: 0,
        shippingWithTax: 0,
        totalWithTax: 13000,
        lines: [
          {
            id: '1',
            quantity: 1,
            unitPriceWithTax: 11500,
            linePrice: 10000,
            linePriceWithTax: 11500,
            productVariant: { name: 'عطر', sku: 'OUD-100' },
          },
        ],
        shippingLines: [],
        discounts: [],
        taxSummary: [{ description: 'VAT 15% Saudi Arabia', taxRate: 15, taxBase: 11304, taxTotal: 1696 }],
        surcharges: [
          {
            sku: 'payment-method:cash-on-delivery',
            description: 'رسوم الدفع عند الاستلام (١٥٫٠٠ ر.س) | Cash on delivery fee (SAR 15.00)',
            price: 1304,
            priceWithTax: 1500,
          },
        ],
      },
      { name: { ar: 'شركة الأناقة للتجارة', en: 'Elegance Trading Company' }, vatNumber: '310122393500003' },
    );
    await renderArabic(<TaxInvoiceView invoice={invoice} qr={null} locale="ar" issuedAt="٢٠ نوفمبر ٢٠٢٦" />, '/profile/orders/K7Q2M9X4');
    const table = screen.getByRole('table');
    const surchargeRow = within(table).getAllByRole('row').at(-1)!;
    expect(surchargeRow.querySelector('th')!.textContent).toMatch(/رسوم الدفع عند الاستلام\s*$/);
    expect(table.textContent).not.toContain('Cash on delivery');
    expect(screen.getByText('310122393500003').getAttribute('dir')).toBe('ltr');
    expect(screen.getByText('OUD-100').getAttribute('dir')).toBe('ltr');
  });
});

describe('Latin names on Arabic pages (issue 39 item 7)', () => {
  it('marks names in the other site’s script with its language', () => {
    expect(langOfName('Sara K.', 'ar')).toBe('en');
    expect(langOfName('سارة', 'ar')).toBeUndefined();
    expect(langOfName('سارة', 'en')).toBe('ar');
    expect(langOfName('Sara', 'en')).toBeUndefined();
    expect(langOfName('Sara سارة', 'ar')).toBeUndefined();
  });

  it('names the footer’s social links in Arabic and marks the Latin payment brands as English', async () => {
    const chrome = {
      ...EMPTY_CHROME,
      socialLinks: [
        { id: '1', platform: 'instagram', link: 'https://www.instagram.com/x' },
        { id: '2', platform: 'x', link: 'https://x.com/x' },
        { id: '3', platform: 'Mastodon', link: 'https://m.example/@x' },
      ],
    };
    await renderArabic(<SiteFooter chrome={chrome} year={2026} />);
    const links = screen.getAllByRole('link').filter((a) => a.getAttribute('target') === '_blank');
    expect(links.map((a) => a.textContent)).toEqual(['إنستغرام', 'إكس (تويتر)', 'Mastodon']);
    expect(links[2]!.querySelector('[lang="en"]')?.textContent).toBe('Mastodon');
    expect(links[0]!.querySelector('[lang]')).toBeNull();
    const visa = screen.getByRole('img', { name: 'Visa' });
    expect(visa.getAttribute('lang')).toBe('en');
    expect(screen.getByText(/© ٢٠٢٦/)).toBeTruthy();
  });

  it('marks a reviewer’s name written in Latin letters as English on an Arabic page', async () => {
    const review = {
      createdAt: '2026-11-20T09:00:00.000Z',
      summary: 'ممتاز',
      body: 'جميل',
      rating: 5,
      isAuthor: false,
      state: 'approved',
      languageCode: 'ar',
    };
    await renderArabic(
      <ReviewList
        reviews={[
          { ...review, id: '1', authorName: 'Sara K.' },
          { ...review, id: '2', authorName: 'سارة' },
        ]}
      />,
      '/products/x',
    );
    expect(screen.getByText('Sara K.').getAttribute('lang')).toBe('en');
    expect(screen.getByText('سارة').hasAttribute('lang')).toBe(false);
  });
});
