import type { Order } from '../../services/cart.service';

/** What the shopper asked for; queued and sent one at a time (Vendure applies them in order). */
export type CartIntent =
  | { kind: 'add'; variantId: string; quantity: number }
  | { kind: 'setQuantity'; lineId: string; quantity: number }
  | { kind: 'remove'; lineId: string };

function sameIntent(a: CartIntent, b: CartIntent): boolean {
  if (a.kind === 'add' && b.kind === 'add') return a.variantId === b.variantId && a.quantity === b.quantity;
  if (a.kind === 'setQuantity' && b.kind === 'setQuantity') return a.lineId === b.lineId && a.quantity === b.quantity;
  if (a.kind === 'remove' && b.kind === 'remove') return a.lineId === b.lineId;
  return false;
}

/**
 * Adds an intent to the queue. `inFlight` says whether the head is already on its way.
 * - An identical intent already queued or in flight is a double click: dropped.
 * - A newer quantity for a line replaces a queued (not yet sent) one: the last value wins.
 * - Removing a line drops its queued quantity changes.
 */
export function enqueueIntent(queue: readonly CartIntent[], intent: CartIntent, inFlight: boolean): CartIntent[] {
  if (queue.some((q) => sameIntent(q, intent))) return [...queue];
  const head = inFlight ? queue.slice(0, 1) : [];
  let rest = inFlight ? queue.slice(1) : [...queue];
  if (intent.kind === 'setQuantity' || intent.kind === 'remove') {
    rest = rest.filter((q) => !(q.kind === 'setQuantity' && q.lineId === intent.lineId));
  }
  return [...head, ...rest, intent];
}

/** Lines and quantities the cart will have once the queue is through (optimistic header count). */
export function projectCounts(order: Order | null, queue: readonly CartIntent[]): { lineCount: number; quantity: number } {
  const lines = new Map<string, { variantId: string; quantity: number }>();
  for (const l of order?.lines ?? []) lines.set(l.id, { variantId: l.productVariant.id, quantity: l.quantity });
  for (const intent of queue) {
    if (intent.kind === 'add') {
      const existing = [...lines.values()].find((l) => l.variantId === intent.variantId);
      if (existing) existing.quantity += intent.quantity;
      else lines.set(`pending:${intent.variantId}`, { variantId: intent.variantId, quantity: intent.quantity });
    } else if (intent.kind === 'remove' || intent.quantity <= 0) {
      lines.delete(intent.lineId);
    } else {
      const line = lines.get(intent.lineId);
      if (line) line.quantity = intent.quantity;
    }
  }
  let quantity = 0;
  for (const l of lines.values()) quantity += l.quantity;
  return { lineCount: lines.size, quantity };
}

/** The quantity a line will have once queued changes are through (the stepper shows it at once). */
export function pendingQuantity(queue: readonly CartIntent[], lineId: string): number | null {
  let value: number | null = null;
  for (const q of queue) {
    if (q.kind === 'setQuantity' && q.lineId === lineId) value = q.quantity;
    if (q.kind === 'remove' && q.lineId === lineId) value = 0;
  }
  return value;
}
