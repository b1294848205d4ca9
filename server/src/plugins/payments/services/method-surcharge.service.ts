import { Injectable } from '@nestjs/common';
import type { TaxLine } from '@vendure/common/lib/generated-types';
import { ID, Order, OrderService, PaymentMethod, RequestContext, Surcharge, TransactionalConnection } from '@vendure/core';
import { arabicNumber, arabicRiyals } from '../../common/lib/arabic-digits';

/** Surcharges this service owns carry this SKU prefix; nothing else in the shop uses it. */
export const METHOD_SURCHARGE_SKU_PREFIX = 'payment-method:';

/** Sum (with VAT) of the payment-method surcharges on the order; 0 when surcharges are not loaded. */
export function methodAdjustmentsWithTax(order: Order): number {
  return (order.surcharges ?? []).filter((s) => s.sku?.startsWith(METHOD_SURCHARGE_SKU_PREFIX)).reduce((sum, s) => sum + s.priceWithTax, 0);
}

/** Payment states that no longer cover any part of the order. */
const FAILED_PAYMENT_STATES = ['Declined', 'Cancelled', 'Error'];

/** How each method is named inside "discount of …" / "fee of …" (Arabic) and "… discount" / "… fee". */
const METHOD_PHRASES: Record<string, { ar: string; en: string }> = {
  'payfort-card': { ar: 'الدفع بالبطاقة', en: 'Card payment' },
  tamara: { ar: 'الدفع عبر تمارا', en: 'Tamara payment' },
  tabby: { ar: 'الدفع عبر تابي', en: 'Tabby payment' },
  'cash-on-delivery': { ar: 'الدفع عند الاستلام', en: 'Cash on delivery' },
};

export interface MethodAdjustment {
  /** gross amount in halalas: negative for a discount, positive for a fee */
  amountWithTax: number;
  description: string;
}

interface MethodFields {
  discount?: number | null;
  increment?: number | null;
}

const sar = (halalas: number) => (halalas / 100).toFixed(2);

/**
 * What a payment method changes in the total the shopper pays: the `discount` custom field is a
 * percentage of the order total without payment-method adjustments (lines + shipping, with VAT),
 * `increment` a fixed fee in halalas. Both may be set; they add up. Pure, so it is unit-testable.
 */
export function methodAdjustment(methodCode: string, fields: MethodFields, baseWithTax: number): MethodAdjustment | undefined {
  const percent = Math.max(0, Math.min(100, fields.discount ?? 0));
  const fee = Math.max(0, fields.increment ?? 0);
  const discount = Math.round((baseWithTax * percent) / 100);
  const amountWithTax = fee - discount;
  if (!percent && !fee) return undefined;
  const name = METHOD_PHRASES[methodCode] ?? { ar: methodCode, en: methodCode };
  const ar: string[] = [];
  const en: string[] = [];
  if (percent) {
    ar.push(`خصم ${name.ar} (${arabicNumber(percent)}٪)`);
    en.push(`${name.en} discount (${percent}%)`);
  }
  if (fee) {
    ar.push(`رسوم ${name.ar} (${arabicRiyals(fee)} ر.س)`);
    en.push(`${name.en} fee (SAR ${sar(fee)})`);
  }
  return { amountWithTax, description: `${ar.join(' + ')} | ${en.join(' + ')}` };
}

/**
 * Applies the chosen payment method's discount / fee to the order as one Surcharge (negative for a
 * discount) before the payment is created, so the payment amount equals the new total. Any
 * surcharge of a previously chosen method is removed first, so switching methods never stacks.
 * VAT: the surcharge's amount includes VAT at the rate of the order's lines, like the lines
 * it reduces, so the order's tax summary stays consistent.
 */
@Injectable()
export class MethodSurchargeService {
  constructor(
    private readonly connection: TransactionalConnection,
    private readonly orderService: OrderService,
  ) {}

  async applyForMethod(ctx: RequestContext, orderId: ID, methodCode: string): Promise<void> {
    const order = await this.orderService.findOne(ctx, orderId, ['lines', 'surcharges', 'payments']);
    if (!order || this.hasLivePayment(order)) return;

    const ours = order.surcharges.filter((s) => s.sku.startsWith(METHOD_SURCHARGE_SKU_PREFIX));
    const baseWithTax = order.totalWithTax - ours.reduce((sum, s) => sum + s.priceWithTax, 0);
    const method = await this.connection.getRepository(ctx, PaymentMethod).findOne({
      where: { code: methodCode, channels: { id: ctx.channelId } },
    });
    const wanted = method ? methodAdjustment(methodCode, (method.customFields ?? {}) as MethodFields, baseWithTax) : undefined;
    const sku = `${METHOD_SURCHARGE_SKU_PREFIX}${methodCode}`;

    if (ours.length === 1 && wanted && ours[0].sku === sku && ours[0].priceWithTax === wanted.amountWithTax) return;
    for (const s of ours) await this.orderService.removeSurchargeFromOrder(ctx, orderId, s.id);
    if (!wanted || wanted.amountWithTax === 0) return;
    await this.orderService.addSurchargeToOrder(ctx, orderId, {
      sku,
      description: wanted.description,
      listPrice: wanted.amountWithTax,
      listPriceIncludesTax: true,
      taxLines: this.taxLinesOf(order),
    });
  }

  /** After a refused or failed payment: drops the method's surcharge unless another payment still relies on it. */
  async removeUnlessPaying(ctx: RequestContext, orderId: ID): Promise<void> {
    const order = await this.orderService.findOne(ctx, orderId, ['payments']);
    if (order && !this.hasLivePayment(order)) await this.removeAll(ctx, orderId);
  }

  /**
   * A payment still pending or authorised was created for the current total: changing the total
   * now would leave that payment's amount wrong (core charges a new method only the remainder).
   */
  private hasLivePayment(order: Order): boolean {
    return (order.payments ?? []).some((p) => !FAILED_PAYMENT_STATES.includes(p.state));
  }

  /** Removes every payment-method surcharge (the shopper went back to the cart). */
  async removeAll(ctx: RequestContext, orderId: ID): Promise<void> {
    const surcharges = await this.connection.getRepository(ctx, Surcharge).find({ where: { order: { id: orderId } } });
    for (const s of surcharges.filter((x) => x.sku.startsWith(METHOD_SURCHARGE_SKU_PREFIX))) {
      await this.orderService.removeSurchargeFromOrder(ctx, orderId, s.id);
    }
  }

  private taxLinesOf(order: Order): TaxLine[] {
    const line = order.lines.find((l) => l.taxLines?.length);
    return line ? line.taxLines.map((t) => ({ description: t.description, taxRate: t.taxRate })) : [];
  }
}
