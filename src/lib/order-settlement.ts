/**
 * Where the money of a placed order stands, as the shopper's order page tells it (issue 35 §5):
 * what was paid, what came back (the settled refunds, with their dates) and, for a cancelled
 * order, whether anything is still on its way back. A cancelled order owes nothing: its open
 * payments (cash on delivery, an authorisation) are cancelled with it on the server.
 * Amounts in halalas.
 */
export interface SettlementOrder {
  state: string;
  payments: readonly {
    method: string;
    state: string;
    amount: number;
    refunds?: readonly { total: number; state: string; createdAt: string }[] | null;
  }[];
}

export interface Refund {
  amount: number;
  /** ISO date the refund was made */
  at: string;
  method: string;
}

export interface OrderSettlement {
  cancelled: boolean;
  /** settled payments */
  paid: number;
  /** settled refunds, oldest first */
  refunds: Refund[];
  refunded: number;
  /** what the shopper paid and has not had back yet, on a cancelled order; 0 otherwise */
  toRefund: number;
}

export function orderSettlement(order: SettlementOrder): OrderSettlement {
  const settled = order.payments.filter((p) => p.state === 'Settled');
  const paid = settled.reduce((sum, p) => sum + p.amount, 0);
  const refunds = order.payments
    .flatMap((p) =>
      (p.refunds ?? []).filter((r) => r.state === 'Settled').map((r) => ({ amount: r.total, at: r.createdAt, method: p.method })),
    )
    .sort((a, b) => Date.parse(a.at) - Date.parse(b.at));
  const refunded = refunds.reduce((sum, r) => sum + r.amount, 0);
  const cancelled = order.state === 'Cancelled';
  return { cancelled, paid, refunds, refunded, toRefund: cancelled ? Math.max(0, paid - refunded) : 0 };
}
