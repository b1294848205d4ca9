/**
 * How long delivery takes, in working days, from the shipping methods' own delivery times
 * (`DeliveryTime`: ShippingMethod custom fields minDeliveryDays / maxDeliveryDays).
 */

export interface DeliveryDays {
  minDays: number;
  maxDays: number;
}

/**
 * The window the shop's delivery options cover together: from the fastest option's earliest day
 * to the slowest option's latest (every option the shopper may pick arrives within it). Null
 * when no option says how long it takes.
 */
export function deliveryWindow(times: readonly DeliveryDays[]): DeliveryDays | null {
  const valid = times.filter((t) => Number.isInteger(t.minDays) && Number.isInteger(t.maxDays) && t.minDays >= 0 && t.maxDays >= t.minDays);
  if (valid.length === 0) return null;
  return { minDays: Math.min(...valid.map((t) => t.minDays)), maxDays: Math.max(...valid.map((t) => t.maxDays)) };
}
