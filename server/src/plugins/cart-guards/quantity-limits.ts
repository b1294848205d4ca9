/** Limits read from the environment once at configuration time. */
export interface QuantityLimits {
  /** Most units of one product variant in an order (across its lines). */
  maxLineQuantity: number;
  /** Most units in one order. */
  maxOrderQuantity: number;
}

function positiveInt(raw: string | undefined, fallback: number): number {
  const n = Number(raw);
  return Number.isInteger(n) && n > 0 ? n : fallback;
}

export function quantityLimitsFromEnv(env: NodeJS.ProcessEnv = process.env): QuantityLimits {
  return {
    maxLineQuantity: positiveInt(env.MAX_LINE_QUANTITY, 10),
    maxOrderQuantity: positiveInt(env.MAX_ORDER_QUANTITY, 50),
  };
}
