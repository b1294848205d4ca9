import { Injectable, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { EventBus, Logger, OrderStateTransitionEvent, PaymentStateTransitionEvent } from '@vendure/core';
import { Redis } from 'ioredis';
import { Subscription } from 'rxjs';

export interface OrderStateUpdate {
  orderCode: string;
  state: string;
  paymentState: string | null;
}

type Listener = (update: OrderStateUpdate) => void;

const loggerCtx = 'LiveOrders';
const CHANNEL = 'live-orders:order-state';

/**
 * Fan-out of order/payment state changes to live subscribers.
 *
 * Vendure's EventBus is per process: an order settled by a payment callback that hits
 * instance A is not seen by a shopper whose WebSocket is on instance B. With REDIS_URL set,
 * every instance publishes its EventBus updates to a Redis pub/sub channel and delivers to
 * its sockets only what comes back from Redis (so each update is delivered exactly once per
 * subscriber, whichever instance produced it). Without Redis, delivery is in-process.
 */
@Injectable()
export class OrderUpdateBus implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly listeners = new Map<string, Set<Listener>>();
  private subscriptions: Subscription[] = [];
  private pub?: Redis;
  private sub?: Redis;

  constructor(private readonly eventBus: EventBus) {}

  async onApplicationBootstrap() {
    const url = process.env.REDIS_URL;
    if (url) {
      this.pub = new Redis(url, { maxRetriesPerRequest: 2 });
      this.sub = new Redis(url, { maxRetriesPerRequest: 2 });
      for (const c of [this.pub, this.sub]) c.on('error', (e) => Logger.warn(`Redis: ${e.message}`, loggerCtx));
      await this.sub.subscribe(CHANNEL);
      this.sub.on('message', (_channel, message) => {
        try {
          this.deliver(JSON.parse(message) as OrderStateUpdate);
        } catch (e) {
          Logger.warn(`Bad live-order message: ${(e as Error).message}`, loggerCtx);
        }
      });
    }
    this.subscriptions.push(
      this.eventBus.ofType(OrderStateTransitionEvent).subscribe((event) => {
        const payments = event.order.payments ?? [];
        const last = [...payments].sort((a, b) => +new Date(b.createdAt) - +new Date(a.createdAt))[0];
        this.publish({ orderCode: event.order.code, state: event.toState, paymentState: last?.state ?? null });
      }),
      this.eventBus.ofType(PaymentStateTransitionEvent).subscribe((event) => {
        this.publish({ orderCode: event.order.code, state: event.order.state, paymentState: event.toState });
      }),
    );
  }

  publish(update: OrderStateUpdate) {
    if (this.pub) {
      this.pub.publish(CHANNEL, JSON.stringify(update)).catch((e) => {
        Logger.warn(`Redis publish failed, delivering locally: ${(e as Error).message}`, loggerCtx);
        this.deliver(update);
      });
    } else {
      this.deliver(update);
    }
  }

  listen(orderCode: string, listener: Listener): () => void {
    let set = this.listeners.get(orderCode);
    if (!set) this.listeners.set(orderCode, (set = new Set()));
    set.add(listener);
    return () => {
      set!.delete(listener);
      if (!set!.size) this.listeners.delete(orderCode);
    };
  }

  private deliver(update: OrderStateUpdate) {
    for (const l of this.listeners.get(update.orderCode) ?? []) l(update);
  }

  async onApplicationShutdown() {
    this.subscriptions.forEach((s) => s.unsubscribe());
    await Promise.all([this.pub?.quit(), this.sub?.quit()].map((p) => p?.catch(() => undefined)));
  }
}
