import {
    idsAreEqual,
    Injector,
    LanguageCode,
    Order,
    OrderInterceptor,
    OrderModifier,
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
    en: max => `You can order at most ${max} pieces of the same product.`,
    ar: max => `الحد الأقصى للكمية من المنتج الواحد هو ${arabicPieces(max)}.`,
};

/**
 * Caps the units of one variant per order. The sum runs over all lines of the variant (lines
 * split by custom fields would otherwise slip past the cap). Surfaces as OrderInterceptorError
 * whose `interceptorError` (and, through our translation of ORDER_INTERCEPTOR_ERROR, `message`)
 * is already in the request language.
 */
export class LineQuantityInterceptor implements OrderInterceptor {
    constructor(private readonly maxLineQuantity: number) {}

    private orderModifier: OrderModifier | undefined;

    init(injector: Injector) {
        this.orderModifier = injector.get(OrderModifier);
    }

    async willAddItemToOrder(ctx: RequestContext, order: Order, input: WillAddItemToOrderInput) {
        // Core passes the quantity the target line will have: when the item merges into an
        // existing line (same variant and custom fields) that is the line's quantity plus the
        // added units, so that line must not be counted twice.
        const existing = await this.orderModifier?.getExistingOrderLine(
            ctx,
            order,
            input.productVariant.id,
            input.customFields,
        );
        const others = this.variantQuantity(order, input.productVariant.id, existing?.id);
        if (others + input.quantity > this.maxLineQuantity) return this.message(ctx);
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
            .filter(l => idsAreEqual(l.productVariantId, variantId) && !idsAreEqual(l.id, exceptLineId))
            .reduce((sum, l) => sum + l.quantity, 0);
    }

    private message(ctx: RequestContext): string {
        const format = messages[ctx.languageCode] ?? messages.en!;
        return format(this.maxLineQuantity);
    }
}
