import type { Order } from '../../../services/cart.service';

/** A minimal active order: only what the machines read (lines, variant ids, quantities, totals). */
export function fakeOrder(lines: { id: string; variantId: string; quantity: number }[], extra: Partial<Order> = {}): Order {
  return {
    id: 'order-1',
    code: 'CODE1',
    totalQuantity: lines.reduce((n, l) => n + l.quantity, 0),
    totalWithTax: lines.reduce((n, l) => n + l.quantity * 1000, 0),
    couponCodes: [],
    lines: lines.map((l) => ({ id: l.id, quantity: l.quantity, productVariant: { id: l.variantId } })),
    ...extra,
  } as unknown as Order;
}

/** A promise the test resolves or rejects when it wants (a request "in flight"). */
export function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}
