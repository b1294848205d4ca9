import {
  EventBus,
  ID,
  Injector,
  Logger,
  Order,
  OrderProcess,
  OrderService,
  OrderState,
  ProductVariant,
  ProductVariantEvent,
  RequestContext,
  ScheduledTask,
  TransactionalConnection,
} from '@vendure/core';
import { In, IsNull } from 'typeorm';

import { StorefrontChangesService } from '../../common';
import { loggerCtx } from '../constants';

export const APPLY_SALE_WINDOWS_TASK = 'apply-sale-windows';

/** How far back the first run of a process looks for windows that opened or closed. */
export const FIRST_RUN_LOOKBACK_MS = 24 * 60 * 60 * 1000;

/** Carts whose prices follow the variants' prices: not yet paid. */
const OPEN_CART_STATES: OrderState[] = ['AddingItems', 'ArrangingPayment'];
/** Payments that leave an order unpaid (anything else: the amount is already asked for or paid). */
const VOID_PAYMENT_STATES = ['Declined', 'Cancelled', 'Error'];

export interface SaleWindowsRun {
  /** Variants whose sale window opened or closed in (since, now]. */
  variantIds: ID[];
  productIds: ID[];
  /** Open carts re-priced. */
  orderIds: ID[];
}

function timeOf(value: unknown): number | null {
  if (value == null || value === '') return null;
  const t = value instanceof Date ? value.getTime() : new Date(String(value)).getTime();
  return Number.isNaN(t) ? null : t;
}

/**
 * Variants whose sale window opened (since < startDate <= now) or closed (since <= endDate < now):
 * their price changed by the clock alone, no edit and no event told anyone.
 */
async function variantsCrossing(ctx: RequestContext, connection: TransactionalConnection, since: Date, now: Date) {
  const candidates = await connection.getRepository(ctx, ProductVariant).find({
    where: { deletedAt: IsNull(), customFields: { onSale: true } as any },
  });
  const s = since.getTime();
  const n = now.getTime();
  return candidates.filter((v) => {
    const fields = v.customFields as { startDate?: unknown; endDate?: unknown };
    const start = timeOf(fields.startDate);
    const end = timeOf(fields.endDate);
    return (start !== null && start > s && start <= n) || (end !== null && end >= s && end < n);
  });
}

/**
 * Brings everything that keeps a variant's price up to date with sale windows that opened or
 * closed since `since` (docs/decisions/041):
 * - the variants' updatedAt is moved, so that the listing index of every server process reloads
 *   their products at its next sync (CatalogueIndexService.syncChanged, at most 2 s) and with it
 *   drops the kept answers (ResponseCacheService follows the index's version);
 * - a ProductVariantEvent is published, as a catalogue edit does: this process's listing index
 *   and response cache react at once, and Vendure's search index re-indexes the variants;
 * - open carts (AddingItems, or ArrangingPayment with no payment asked for) holding them are
 *   re-priced with OrderService.applyPriceAdjustments, as Vendure does when a line changes;
 * - the storefront generation changes, so the storefront's servers drop their caches (decision 042).
 */
export async function applySaleWindows(injector: Injector, ctx: RequestContext, since: Date, now = new Date()): Promise<SaleWindowsRun> {
  const connection = injector.get(TransactionalConnection);
  const variants = await variantsCrossing(ctx, connection, since, now);
  if (!variants.length) return { variantIds: [], productIds: [], orderIds: [] };
  const variantIds = variants.map((v) => v.id);
  const productIds = [...new Map(variants.map((v) => [String(v.productId), v.productId])).values()];

  await connection.getRepository(ctx, ProductVariant).update({ id: In(variantIds) }, { updatedAt: new Date() });
  await injector.get(EventBus).publish(new ProductVariantEvent(ctx, variants, 'updated'));
  // The storefront's servers drop their page and read caches (decision 042).
  await injector.get(StorefrontChangesService).changed(ctx, 'sale window');

  const orders = await connection.getRepository(ctx, Order).find({
    where: { active: true, state: In(OPEN_CART_STATES), lines: { productVariantId: In(variantIds) } },
    relations: { payments: true },
  });
  const orderService = injector.get(OrderService);
  const orderIds: ID[] = [];
  for (const o of orders) {
    if (o.payments?.some((p) => !VOID_PAYMENT_STATES.includes(p.state))) continue;
    try {
      await connection.withTransaction(ctx, async (tx) => {
        const order = await orderService.findOne(tx, o.id);
        if (order) await orderService.applyPriceAdjustments(tx, order, order.lines);
      });
      orderIds.push(o.id);
    } catch (e) {
      Logger.error(`re-pricing order ${o.code} after a sale window failed: ${(e as Error).message}`, loggerCtx);
    }
  }
  Logger.info(
    `sale windows: ${variantIds.length} variant(s), ${productIds.length} product(s), ${orderIds.length} cart(s) re-priced`,
    loggerCtx,
  );
  return { variantIds, productIds, orderIds };
}

/** When this process last ran the task (the next run looks back to it). */
let lastRun: Date | undefined;

/**
 * Every minute (in the worker, Vendure's default runTasksInWorkerOnly): a sale starts and ends on
 * time by itself, in listings, search, the response cache and open carts.
 */
export const applySaleWindowsTask = new ScheduledTask({
  id: APPLY_SALE_WINDOWS_TASK,
  description: 'Re-prices listings, caches and open carts of variants whose sale window opened or closed',
  schedule: (cron) => cron.everyMinute(),
  execute: async ({ injector, scheduledContext }) => {
    const now = new Date();
    const since = lastRun ?? new Date(now.getTime() - FIRST_RUN_LOOKBACK_MS);
    const run = await applySaleWindows(injector, scheduledContext, since, now);
    lastRun = now;
    return { variants: run.variantIds.length, products: run.productIds.length, orders: run.orderIds.length };
  },
});

/**
 * A cart goes to payment at today's prices: entering ArrangingPayment re-prices every line
 * (a cart filled during a sale that has since ended pays the normal price), whatever the task
 * has done yet.
 */
let orderServiceOfProcess: OrderService | undefined;
export const repriceOnArrangingPayment: OrderProcess<OrderState> = {
  init(injector: Injector) {
    orderServiceOfProcess = injector.get(OrderService);
  },
  async onTransitionStart(_from, to, { ctx, order }) {
    if (to !== 'ArrangingPayment' || !order.lines?.length || !orderServiceOfProcess) return;
    await orderServiceOfProcess.applyPriceAdjustments(ctx, order, order.lines);
  },
};
