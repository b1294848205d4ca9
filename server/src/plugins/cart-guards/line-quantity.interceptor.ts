import {
  idsAreEqual,
  Injector,
  LanguageCode,
  Order,
  OrderInterceptor,
  OrderModifier,
  ProductVariantService,
  RequestContext,
  WillAddItemToOrderInput,
  WillAdjustOrderLineInput,
} from '@vendure/core';

/** Arabic counts agree with the number: 1 قطعة واحدة, 2 قطعتان, 3-10 قطع, 11+ قطعة. */
function arabicPieces(n: number): string {
  switch (new Intl.PluralRules('ar').select(n)) {
    case 'one':
      return 'قطعة واحدة';
    case 'two':
      return 'قطعتان';
    case 'few':
      return `${n} قطع`;
    default:
      return `${n} قطعة`;
  }
}

const messages: Partial<Record<LanguageCode, (max: number) => string>> = {
  en: (max) => `You can order at most ${max} pieces of the same product.`,
  ar: (max) => `الحد الأقصى للكمية من المنتج الواحد هو ${arabicPieces(max)}.`,
};

/**
 * Caps the units of one variant per order. The sum runs over all lines of the variant (lines
 * split by custom fields would otherwise slip past the cap). Surfaces as OrderInterceptorError
 * whose `interceptorError` (and, through our translation of ORDER_INTERCEPTOR_ERROR, `message`)
 * is already in the request language.
 */
export class LineQuantityInterceptor implements OrderInterceptor {
  constructor(private readonly maxLineQuantity: number) {}

  private orderModifier: OrderModifier;
  private variantService: ProductVariantService;

  init(injector: Injector) {
    this.orderModifier = injector.get(OrderModifier);
    this.variantService = injector.get(ProductVariantService);
  }

  async willAddItemToOrder(ctx: RequestContext, order: Order, input: WillAddItemToOrderInput) {
    const variantId = input.productVariant.id;
    const existing = await this.orderModifier.getExistingOrderLine(ctx, order, variantId, input.customFields);
    const inLine = existing?.quantity ?? 0;
    const others = this.variantQuantity(order, variantId, existing?.id);
    // Core passes the quantity the target line will have (its current units + the added
    // ones), except when stock is short: then it passes only the units it will add, which
    // makes the line exactly the saleable stock minus the variant's other lines. The two
    // cannot be told apart when the numbers meet that equation, so that case is counted
    // as the larger line (else "hold 1, ask for 999" would take all stock past the cap).
    let lineAfter = input.quantity;
    if (inLine > 0) {
      const saleable = await this.variantService.getSaleableStockLevel(ctx, input.productVariant);
      if (input.quantity + inLine + others === saleable) lineAfter = input.quantity + inLine;
    }
    if (others + lineAfter > this.maxLineQuantity) return this.message(ctx);
  }

  willAdjustOrderLine(ctx: RequestContext, order: Order, input: WillAdjustOrderLineInput) {
    const { orderLine, quantity } = input;
    // Lowering a quantity is always allowed, even on a line over a (since lowered) cap.
    if (quantity <= orderLine.quantity) return;
    const others = this.variantQuantity(order, orderLine.productVariantId, orderLine.id);
    if (others + quantity > this.maxLineQuantity) return this.message(ctx);
  }

  private variantQuantity(order: Order, variantId: Order['id'], exceptLineId?: Order['id']): number {
    return order.lines
      .filter((l) => idsAreEqual(l.productVariantId, variantId) && !idsAreEqual(l.id, exceptLineId))
      .reduce((sum, l) => sum + l.quantity, 0);
  }

  private message(ctx: RequestContext): string {
    const format = messages[ctx.languageCode] ?? messages.en!;
    return format(this.maxLineQuantity);
  }
}
