import { ID, Order, OrderByCodeAccessStrategy, OrderProcess, OrderState, RequestContext } from '@vendure/core';

declare module '@vendure/core/dist/entity/custom-entity-fields' {
  interface CustomOrderFields {
    placedInSessionId?: string | null;
  }
}

/** Who asks for an order: the signed-in user, and the session with its active order. */
export interface OrderViewer {
  userId?: ID | null;
  sessionId?: ID | null;
  activeOrderId?: ID | null;
}

/** The parts of an order that decide who owns it (load `customer` and `customer.user`). */
export interface OwnedOrder {
  id: ID;
  customer?: { user?: { id: ID } | null } | null;
  customFields?: { placedInSessionId?: string | null } | null;
}

const same = (a: ID | null | undefined, b: ID | null | undefined) => a != null && b != null && String(a) === String(b);

export function viewerOf(ctx: RequestContext): OrderViewer {
  return { userId: ctx.activeUserId, sessionId: ctx.session?.id, activeOrderId: ctx.session?.activeOrderId };
}

/**
 * The one rule for reading an order by its code (orderByCode, payment signature, live updates;
 * docs/decisions/011-order-access.md). A registered customer's order: only that customer, signed in.
 * A guest order: only the session it is the active order of, or the session that took it to
 * checkout (ArrangingPayment), which keeps it readable there after it is placed. Order codes travel
 * in URLs and mails, so knowing one proves nothing.
 */
export function canReadOrder(viewer: OrderViewer, order: OwnedOrder): boolean {
  const ownerUserId = order.customer?.user?.id;
  if (ownerUserId != null) return same(ownerUserId, viewer.userId);
  return same(order.id, viewer.activeOrderId) || same(order.customFields?.placedInSessionId, viewer.sessionId);
}

/** Replaces Vendure's default, which lets anyone not signed in read any order for 2 h after it is placed. */
export class OwnerOnlyOrderByCodeAccessStrategy implements OrderByCodeAccessStrategy {
  canAccessOrder(ctx: RequestContext, order: Order): boolean {
    return canReadOrder(viewerOf(ctx), order);
  }
}

/**
 * Records which session takes a guest order to checkout, so that session (and no other) can still
 * read the order once it is placed: Vendure drops it from the session's active order then.
 * onTransitionEnd runs before the order is saved in the same transaction.
 */
export const recordPlacingSession: OrderProcess<OrderState> = {
  onTransitionEnd(_fromState, toState, { ctx, order }) {
    if (toState !== 'ArrangingPayment' || ctx.apiType !== 'shop' || ctx.session?.id == null) return;
    order.customFields = Object.assign(order.customFields ?? {}, { placedInSessionId: String(ctx.session.id) });
  },
};
