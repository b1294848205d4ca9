/** The order's key for the shipping estimate: the cart page asks again when it changes. */
export function shippingKey(order: { code: string; totalQuantity: number; subTotalWithTax: number }): string {
  return `${order.code}:${order.totalQuantity}:${order.subTotalWithTax}`;
}
