import { describe, expect, it } from 'vitest';
import type { OrderDetail } from '../../../../../services/orders.service';
import { buildTaxInvoice, invoiceSellerOf, type InvoiceOrder, type InvoiceSeller } from '../../../../../src/lib/invoice/tax-invoice';
import { storeIdentityOf } from '../../../../../src/lib/store-identity';
import { decodeZatcaQr } from '../../../../../src/lib/invoice/zatca-qr';

// The order the storefront fetches must be usable as is (checked by tsc).
export const acceptsOrderDetail = (order: OrderDetail): InvoiceOrder => order;

// A seller as given to the builder (its figures below are worked out for these strings).
const SELLER: InvoiceSeller = { name: { ar: 'متجر الأناقة', en: 'Elegance Store' }, vatNumber: '300000000000003' };

/**
 * Two lines, standard shipping and a 10 % promotion on the perfume, as Vendure reports them with
 * prices including 15 % VAT (figures worked out by hand from Vendure's rounding):
 * - perfume 115.00 × 2: line 230.00 incl. / 200.00 excl.; after 10 % off 207.00 / 180.00
 * - dates 19.99 × 3: line 59.97 incl.; excl. round(19.99 / 1.15 × 3) = round(52.1478) = 52.15
 *   (not 3 × round(17.3826) = 52.14)
 * - shipping 25.00 incl.; excl. round(21.739) = 21.74
 * - tax summary: goods 180.00 + 52.15 = 232.15 base, 27.00 + 7.82 = 34.82 VAT; shipping 21.74 / 3.26
 * - total 207.00 + 59.97 + 25.00 = 291.97; VAT 34.82 + 3.26 = 38.08
 */
const ORDER: InvoiceOrder = {
  code: 'K7Q2M9X4',
  createdAt: '2026-11-20T09:02:10.000Z',
  orderPlacedAt: '2026-11-20T09:15:42.123Z',
  currencyCode: 'SAR',
  shipping: 2174,
  shippingWithTax: 2500,
  totalWithTax: 29197,
  lines: [
    {
      id: '11',
      quantity: 2,
      unitPriceWithTax: 11500,
      linePrice: 20000,
      linePriceWithTax: 23000,
      productVariant: { name: 'عطر عود 100 مل', sku: 'OUD-100' },
    },
    {
      id: '12',
      quantity: 3,
      unitPriceWithTax: 1999,
      linePrice: 5215,
      linePriceWithTax: 5997,
      productVariant: { name: 'علبة تمر', sku: 'DATES-1' },
    },
  ],
  shippingLines: [{ shippingMethod: { name: 'التوصيل العادي' } }],
  discounts: [{ description: 'خصم 10٪ على العطور', amountWithTax: -2300 }],
  taxSummary: [
    { description: 'VAT 15% Saudi Arabia', taxRate: 15, taxBase: 23215, taxTotal: 3482 },
    { description: 'shipping tax', taxRate: 15, taxBase: 2174, taxTotal: 326 },
  ],
};

describe('buildTaxInvoice', () => {
  it('lists each line with quantity, unit price excl. VAT, VAT rate and amount, and line total incl. VAT', () => {
    expect(buildTaxInvoice(ORDER, SELLER).lines).toEqual([
      {
        id: '11',
        name: 'عطر عود 100 مل',
        sku: 'OUD-100',
        quantity: 2,
        unitPriceExclVat: 10000,
        unitPriceInclVat: 11500,
        vatRate: 15,
        vatAmount: 3000,
        totalExclVat: 20000,
        totalInclVat: 23000,
      },
      {
        id: '12',
        name: 'علبة تمر',
        sku: 'DATES-1',
        quantity: 3,
        unitPriceExclVat: 1738,
        unitPriceInclVat: 1999,
        vatRate: 15,
        vatAmount: 782,
        totalExclVat: 5215,
        totalInclVat: 5997,
      },
    ]);
  });

  it('adds shipping and the discount so that every column adds up to the totals', () => {
    const invoice = buildTaxInvoice(ORDER, SELLER);
    expect(invoice.adjustments).toEqual([
      { kind: 'shipping', descriptions: ['التوصيل العادي'], exclVat: 2174, vatAmount: 326, inclVat: 2500 },
      { kind: 'discount', descriptions: ['خصم 10٪ على العطور'], exclVat: -2000, vatAmount: -300, inclVat: -2300 },
    ]);
    // 200.00 + 52.15 + 21.74 - 20.00 = 253.89; 30.00 + 7.82 + 3.26 - 3.00 = 38.08; 230.00 + 59.97 + 25.00 - 23.00 = 291.97
    expect(invoice.totals).toEqual({ exclVat: 25389, vat: 3808, inclVat: 29197 });
    expect(invoice.vatBreakdown).toEqual([{ rate: 15, taxable: 25389, vat: 3808 }]);
  });

  it('numbers and dates the invoice from the order, with the seller as given', () => {
    const invoice = buildTaxInvoice(ORDER, { ...SELLER, address: { ar: 'الرياض', en: 'Riyadh' } });
    expect(invoice.number).toBe('K7Q2M9X4');
    expect(invoice.issuedAt).toBe('2026-11-20T09:15:42.123Z');
    expect(invoice.currencyCode).toBe('SAR');
    expect(invoice.seller).toEqual({
      name: { ar: 'متجر الأناقة', en: 'Elegance Store' },
      vatNumber: '300000000000003',
      address: { ar: 'الرياض', en: 'Riyadh' },
    });
  });

  it('builds the ZATCA QR from the invoice: Arabic seller name, VAT number, time, total and VAT', () => {
    const { qr } = buildTaxInvoice(ORDER, SELLER);
    const expected = {
      sellerName: 'متجر الأناقة',
      vatNumber: '300000000000003',
      timestamp: '2026-11-20T09:15:42Z',
      totalWithVat: '291.97',
      vatTotal: '38.08',
    };
    expect(qr.fields).toEqual(expected);
    expect(qr.payload).toBe('ARfZhdiq2KzYsSDYp9mE2KPZhtin2YLYqQIPMzAwMDAwMDAwMDAwMDAzAxQyMDI2LTExLTIwVDA5OjE1OjQyWgQGMjkxLjk3BQUzOC4wOA==');
    expect(decodeZatcaQr(qr.payload)).toEqual(expected);
  });

  it('dates an order not yet placed by its creation time', () => {
    const invoice = buildTaxInvoice({ ...ORDER, orderPlacedAt: null }, SELLER);
    expect(invoice.issuedAt).toBe('2026-11-20T09:02:10.000Z');
    expect(invoice.qr.fields.timestamp).toBe('2026-11-20T09:02:10Z');
  });

  it("tells zero-rated from standard-rated lines by the order's tax summary", () => {
    const order: InvoiceOrder = {
      code: 'Z1',
      createdAt: '2026-11-21T10:00:00Z',
      currencyCode: 'SAR',
      shipping: 0,
      shippingWithTax: 0,
      totalWithTax: 15000 + 4000,
      lines: [
        {
          id: '1',
          quantity: 1,
          unitPriceWithTax: 15000,
          linePrice: 13043,
          linePriceWithTax: 15000,
          productVariant: { name: 'A', sku: 'A' },
        },
        { id: '2', quantity: 2, unitPriceWithTax: 2000, linePrice: 4000, linePriceWithTax: 4000, productVariant: { name: 'B', sku: 'B' } },
      ],
      shippingLines: [],
      discounts: [],
      taxSummary: [
        { description: 'VAT 15% Saudi Arabia', taxRate: 15, taxBase: 13043, taxTotal: 1957 },
        { description: 'Zero-rated Saudi Arabia', taxRate: 0, taxBase: 4000, taxTotal: 0 },
      ],
    };
    const invoice = buildTaxInvoice(order, SELLER);
    expect(invoice.lines.map((l) => [l.vatRate, l.unitPriceExclVat, l.vatAmount])).toEqual([
      [15, 13043, 1957],
      [0, 2000, 0],
    ]);
    expect(invoice.adjustments).toEqual([]);
    expect(invoice.totals).toEqual({ exclVat: 17043, vat: 1957, inclVat: 19000 });
    expect(invoice.vatBreakdown).toEqual([
      { rate: 15, taxable: 13043, vat: 1957 },
      { rate: 0, taxable: 4000, vat: 0 },
    ]);
  });

  it("uses the line's own VAT rate and unit price when the order document selects them", () => {
    // Synthetic: figures no real order would pair with this summary, so inference would differ
    const line = {
      id: '1',
      quantity: 1,
      unitPriceWithTax: 10500,
      linePrice: 10000,
      linePriceWithTax: 10500,
      productVariant: { name: 'A', sku: 'A' },
    };
    const order: InvoiceOrder = { ...ORDER, lines: [line] };
    expect(buildTaxInvoice(order, SELLER).lines[0]).toMatchObject({ vatRate: 15, unitPriceExclVat: 9130 });
    expect(buildTaxInvoice({ ...order, lines: [{ ...line, taxRate: 5, unitPrice: 10000 }] }, SELLER).lines[0]).toMatchObject({
      vatRate: 5,
      unitPriceExclVat: 10000,
    });
  });

  it('takes the VAT total from the tax summary, and shows an unexplained remainder as an adjustment row', () => {
    // One line, no discount, but a surcharge the order document did not select: 10.00 incl., 1.30 VAT
    const order: InvoiceOrder = {
      code: 'S1',
      createdAt: '2026-11-21T10:00:00Z',
      currencyCode: 'SAR',
      shipping: 0,
      shippingWithTax: 0,
      totalWithTax: 11500 + 1000,
      lines: [
        {
          id: '1',
          quantity: 1,
          unitPriceWithTax: 11500,
          linePrice: 10000,
          linePriceWithTax: 11500,
          productVariant: { name: 'A', sku: 'A' },
        },
      ],
      shippingLines: [],
      discounts: [],
      taxSummary: [{ description: 'VAT', taxRate: 15, taxBase: 10870, taxTotal: 1630 }],
    };
    expect(buildTaxInvoice(order, SELLER).adjustments).toEqual([
      { kind: 'adjustment', descriptions: [], exclVat: 870, vatAmount: 130, inclVat: 1000 },
    ]);
    // with the surcharge selected, it gets its own row and nothing is left over
    expect(
      buildTaxInvoice({ ...order, surcharges: [{ description: 'رسوم الدفع عند الاستلام', price: 870, priceWithTax: 1000 }] }, SELLER)
        .adjustments,
    ).toEqual([{ kind: 'surcharge', sku: null, descriptions: ['رسوم الدفع عند الاستلام'], exclVat: 870, vatAmount: 130, inclVat: 1000 }]);
  });

  it('refuses to build an invoice with a malformed VAT number', () => {
    expect(() => buildTaxInvoice(ORDER, { ...SELLER, vatNumber: '123' })).toThrow(
      'ZATCA VAT number must be 15 digits starting and ending with 3, got "123"',
    );
  });
});

/** The channel's identity fields as a store owner fills them in the admin (decision 030). */
const OWNER_SETTINGS = {
  legalNameAr: 'شركة الأناقة للتجارة',
  legalNameEn: 'Elegance Trading Company',
  vatNumber: '310122393500003',
  commercialRegistrationNumber: '1010123456',
  addressAr: 'طريق العليا، الرياض',
  addressEn: 'Olaya Road, Riyadh',
  customerServicePhone: null,
  customerServiceEmail: null,
  businessCertificateUrl: null,
};

describe('the invoice’s seller: the store’s identity as its owner set it', () => {
  it('with the settings, the invoice and its QR carry the owner’s legal name and VAT number', () => {
    const seller = invoiceSellerOf(storeIdentityOf(OWNER_SETTINGS));
    expect(seller).toEqual({
      name: { ar: 'شركة الأناقة للتجارة', en: 'Elegance Trading Company' },
      vatNumber: '310122393500003',
      address: { ar: 'طريق العليا، الرياض', en: 'Olaya Road, Riyadh' },
      commercialRegistrationNumber: '1010123456',
    });
    const invoice = buildTaxInvoice(ORDER, seller!);
    expect(decodeZatcaQr(invoice.qr.payload)).toMatchObject({ sellerName: 'شركة الأناقة للتجارة', vatNumber: '310122393500003' });
  });

  it.each([
    ['no settings at all', null],
    ['all fields empty', { legalNameAr: null, legalNameEn: '', vatNumber: '   ' }],
    ['a legal name but no VAT number', { ...OWNER_SETTINGS, vatNumber: null }],
    ['a VAT number but no legal name', { ...OWNER_SETTINGS, legalNameAr: '', legalNameEn: null }],
    ['the placeholder VAT number', { ...OWNER_SETTINGS, vatNumber: '300000000000003' }],
    ['a malformed VAT number', { ...OWNER_SETTINGS, vatNumber: '31012239350000' }],
  ])('without usable settings (%s) there is no seller: no invoice is issued, none is made up', (_, fields) => {
    expect(invoiceSellerOf(storeIdentityOf(fields))).toBeNull();
  });

  it('a legal name set in one language stands for both', () => {
    const seller = invoiceSellerOf(storeIdentityOf({ legalNameEn: ' Elegance Trading Company ', vatNumber: '310122393500003' }));
    expect(seller?.name).toEqual({ ar: 'Elegance Trading Company', en: 'Elegance Trading Company' });
    expect(seller?.address).toBeNull();
  });
});
