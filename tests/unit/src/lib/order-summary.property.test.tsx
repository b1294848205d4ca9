import { cleanup, screen } from '@testing-library/react';
import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import { CartSummary } from '../../../../src/components/cart/cart-summary';
import { OrderTotals } from '../../../../src/components/checkout/order-totals';
import { orderSummary, type SummaryOrder } from '../../../../src/lib/order-summary';
import { renderWithApp } from '../../helpers/render';

afterEach(cleanup);

/**
 * Orders built as Vendure builds them (prices include VAT): each coupon is a percentage of the
 * items, spread over the lines, each line's share rounded; a line's price after the discounts is
 * rounded per unit (Vendure's default money strategy), so the lines' total can miss the sum of the
 * discounts by a few halalas. `subTotalWithTax` is after the discounts and includes the
 * surcharges, as in Vendure. The test knows the truth: the items' prices, the coupons' nominal
 * amounts, the shipping and the fee.
 */
interface Case {
  lines: { unit: number; quantity: number }[];
  coupons: number[];
  shipping: number | null;
  surcharge: { sku: string; amount: number } | null;
}

const caseArb: fc.Arbitrary<Case> = fc.record({
  lines: fc.array(fc.record({ unit: fc.integer({ min: 100, max: 649_900 }), quantity: fc.integer({ min: 1, max: 10 }) }), {
    minLength: 1,
    maxLength: 6,
  }),
  coupons: fc.array(fc.constantFrom(5, 10, 15, 20, 33), { maxLength: 2 }),
  shipping: fc.option(fc.constantFrom(0, 1500, 2500, 4500), { nil: null }),
  surcharge: fc.option(
    fc.oneof(
      fc.constant({ sku: 'payment-method:cash-on-delivery', amount: 1500 }),
      fc.integer({ min: 1, max: 50_000 }).map((d) => ({ sku: 'payment-method:tabby', amount: -d })),
    ),
    { nil: null },
  ),
});

function vendureOrder(c: Case): SummaryOrder & { subTotalWithTax: number } {
  const listed = c.lines.map((l) => l.unit * l.quantity);
  const adjustments = c.lines.map(() => 0);
  const discounts: { description: string; amountWithTax: number }[] = [];
  for (const [n, percent] of c.coupons.entries()) {
    const base = listed.reduce((sum, p, i) => sum + p + adjustments[i]!, 0);
    const amount = -Math.round((base * percent) / 100);
    let grouped = 0;
    listed.forEach((p, i) => {
      const share = Math.round((amount * (p + adjustments[i]!)) / base);
      adjustments[i]! += share;
      grouped += share;
    });
    discounts.push({ description: `Coupon ${n + 1}: ${percent}% off`, amountWithTax: grouped });
  }
  const prorated = c.lines.map((l, i) => Math.round((listed[i]! + adjustments[i]!) / l.quantity) * l.quantity);
  const surcharges = c.surcharge ? [{ sku: c.surcharge.sku, description: 'x | y', priceWithTax: c.surcharge.amount }] : [];
  const surchargeTotal = surcharges.reduce((sum, s) => sum + s.priceWithTax, 0);
  const subTotalWithTax = prorated.reduce((a, b) => a + b, 0) + surchargeTotal;
  const shipping = c.shipping ?? 0;
  const totalWithTax = subTotalWithTax + shipping;
  return {
    lines: listed.map((p) => ({ discountedLinePriceWithTax: p })),
    discounts,
    surcharges,
    shippingLines: c.shipping === null ? [] : [{ shippingMethod: { id: '1', code: 'standard', name: 'Standard' }, priceWithTax: shipping }],
    shippingWithTax: shipping,
    subTotalWithTax,
    totalWithTax,
    taxSummary: [{ taxRate: 15, taxTotal: totalWithTax - Math.round(totalWithTax / 1.15) }],
  };
}

/** "SAR 1,234.50", "-SAR 47.80" → halalas. */
function halalas(text: string): number {
  const cleaned = text.replace(/[^\d.-]/g, '');
  return Math.round(Number(cleaned) * 100);
}

describe('order summary: the rows shown add up to the total', () => {
  it('view model: subtotal before order-level discounts, each coupon once, fee and shipping, = the charged total', () => {
    fc.assert(
      fc.property(caseArb, (c) => {
        const order = vendureOrder(c);
        const summary = orderSummary(order, { shippingEstimate: null });
        let added = 0;
        for (const row of summary.rows) added += row.amount ?? 0;
        expect(added).toBe(summary.total);
        expect(summary.total).toBe(order.totalWithTax);

        const subtotal = summary.rows.find((r) => r.kind === 'subtotal')!;
        expect(subtotal.amount).toBe(c.lines.reduce((sum, l) => sum + l.unit * l.quantity, 0));

        const discounts = summary.rows.filter((r) => r.kind === 'discount');
        expect(discounts).toHaveLength(c.coupons.length);
        discounts.forEach((d, i) => {
          expect(d.kind === 'discount' && d.description).toBe(`Coupon ${i + 1}: ${c.coupons[i]}% off`);
          // Vendure's rounding moves a discount by at most half a halala per unit.
          const slack = c.lines.reduce((sum, l) => sum + l.quantity, 0) + c.lines.length;
          expect(Math.abs(d.amount! - order.discounts[i]!.amountWithTax)).toBeLessThanOrEqual(slack);
        });

        const fee = summary.rows.filter((r) => r.kind === 'surcharge');
        expect(fee.map((r) => r.amount)).toEqual(c.surcharge ? [c.surcharge.amount] : []);
        expect(summary.rows.filter((r) => r.kind === 'shipping').map((r) => r.amount)).toEqual([c.shipping]);
      }),
      { numRuns: 300 },
    );
  }, 60_000);

  it('the checkout summary as rendered: the amounts above the total add up to it', () => {
    fc.assert(
      fc.property(
        caseArb.filter((c) => c.shipping !== null),
        (c) => {
          cleanup();
          const order = vendureOrder(c);
          renderWithApp(<OrderTotals order={order} />, { path: '/en/checkout' });
          const terms = screen.getAllByRole('term').map((dt) => dt.textContent ?? '');
          const values = screen.getAllByRole('definition').map((dd) => dd.textContent ?? '');
          const totalAt = terms.indexOf('Total incl. VAT');
          let added = 0;
          terms.forEach((term, i) => {
            if (i >= totalAt || term.startsWith('VAT')) return;
            added += values[i] === 'Free' ? 0 : halalas(values[i]!);
          });
          expect(added).toBe(halalas(values[totalAt]!));
          expect(halalas(values[totalAt]!)).toBe(order.totalWithTax);
          expect(halalas(values[terms.indexOf('Subtotal')]!)).toBe(c.lines.reduce((sum, l) => sum + l.unit * l.quantity, 0));
        },
      ),
      { numRuns: 15 },
    );
  }, 60_000);

  it('the cart with WELCOME10 reads Subtotal 478.00, Welcome offer −47.80, Total 430.20 (issue 32 §4)', () => {
    // One product of SAR 478.00, 10 % off the order, no delivery method chosen yet.
    const order = vendureOrder({ lines: [{ unit: 47800, quantity: 1 }], coupons: [10], shipping: null, surcharge: null });
    order.discounts[0]!.description = 'Welcome offer: 10% off';
    renderWithApp(<CartSummary order={order as never} shippingEstimate={null} />, { path: '/en/cart' });
    const amount = (term: string) => screen.getByText(term, { selector: 'dt' }).nextElementSibling?.textContent ?? '';
    expect(halalas(amount('Subtotal'))).toBe(47800);
    expect(halalas(amount('Welcome offer: 10% off'))).toBe(-4780);
    expect(halalas(amount('Total incl. VAT'))).toBe(43020);
  });
});
