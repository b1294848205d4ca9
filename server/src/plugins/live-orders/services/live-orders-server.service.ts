import { Injectable, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import { ConfigService, Logger, OrderService, RequestContextService, SessionService } from '@vendure/core';
import { execute, GraphQLError, subscribe, validate } from 'graphql';
import type { useServer as UseServer } from 'graphql-ws/dist/use/ws';
import type { IncomingMessage, Server } from 'http';
import type { Duplex } from 'stream';
import { WebSocketServer } from 'ws';

import { canReadOrder } from '../../common';
import { buildLiveOrdersSchema, LiveOrdersContext } from '../api/live-orders.schema';
import { asyncQueue } from './async-queue';
import { OrderStateUpdate, OrderUpdateBus } from './order-update-bus.service';

const loggerCtx = 'LiveOrders';
// graphql-ws exposes `use/ws` through package exports only (node10 resolution cannot see it).
const USE_WS: string = 'graphql-ws/use/ws';

/**
 * graphql-ws endpoint at /<shopApiPath>/ws on Vendure's own HTTP server (upgrade requests).
 * Auth: connectionParams.authToken = a Vendure session token (the bearer token). A subscriber
 * may follow the orders it may read by code (common plugin's canReadOrder). The first
 * message is the order's current state, then every change.
 */
@Injectable()
export class LiveOrdersServer implements OnApplicationBootstrap, OnApplicationShutdown {
  private wss?: WebSocketServer;
  private disposeGql?: () => void | Promise<void>;
  private heartbeat?: NodeJS.Timeout;
  private httpServer?: Server;
  private readonly onUpgrade = (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    const path = (req.url ?? '').split('?')[0];
    if (path !== this.path || !this.wss) return;
    this.wss.handleUpgrade(req, socket, head, (ws) => this.wss!.emit('connection', ws, req));
  };

  constructor(
    private readonly adapterHost: HttpAdapterHost,
    private readonly configService: ConfigService,
    private readonly sessionService: SessionService,
    private readonly orderService: OrderService,
    private readonly requestContextService: RequestContextService,
    private readonly bus: OrderUpdateBus,
  ) {}

  get path() {
    return `/${this.configService.apiOptions.shopApiPath}/ws`;
  }

  async onApplicationBootstrap() {
    const server = this.adapterHost.httpAdapter?.getHttpServer?.() as Server | undefined;
    if (!server) {
      Logger.verbose('No HTTP server (worker context): live order updates not served here', loggerCtx);
      return;
    }
    const { useServer } = (await import(USE_WS)) as { useServer: typeof UseServer };
    this.httpServer = server;
    this.wss = new WebSocketServer({ noServer: true, maxPayload: 64 * 1024 });
    server.on('upgrade', this.onUpgrade);
    const schema = buildLiveOrdersSchema({ orderStateChanged: (code, ctx) => this.subscribe(code, ctx) });
    const cleanup = useServer<Record<string, unknown>, { session?: LiveOrdersContext['session'] }>(
      {
        schema,
        // Use the graphql instance that built the schema: under test runners the ESM and
        // CJS builds of graphql can both be loaded, and graphql refuses mixed realms.
        validate,
        execute,
        subscribe,
        onConnect: async (ctx) => {
          const token = ctx.connectionParams?.authToken;
          if (typeof token !== 'string' || !token) return false;
          const session = await this.sessionService.getSessionFromToken(token);
          if (!session || new Date(session.expires) < new Date()) return false;
          ctx.extra.session = {
            userId: session.user?.id != null ? String(session.user.id) : null,
            activeOrderId: session.activeOrderId != null ? String(session.activeOrderId) : null,
            sessionId: String(session.id),
          };
          return true;
        },
        context: (ctx) => ({ session: ctx.extra.session }),
      },
      this.wss,
    );
    this.disposeGql = () => cleanup.dispose();
    // Keeps idle connections alive through proxies and drops dead peers.
    this.heartbeat = setInterval(() => {
      for (const ws of this.wss?.clients ?? []) {
        if ((ws as any).isAlive === false) {
          ws.terminate();
          continue;
        }
        (ws as any).isAlive = false;
        ws.ping();
      }
    }, 30_000);
    this.heartbeat.unref();
    this.wss.on('connection', (ws) => {
      (ws as any).isAlive = true;
      ws.on('pong', () => ((ws as any).isAlive = true));
    });
    Logger.info(`Live order updates at ws://…${this.path}`, loggerCtx);
  }

  private async subscribe(orderCode: string, context: LiveOrdersContext): Promise<AsyncIterable<OrderStateUpdate>> {
    const ctx = await this.requestContextService.create({ apiType: 'shop' });
    const order = await this.orderService.findOneByCode(ctx, orderCode, ['customer', 'customer.user', 'payments']);
    if (!order || !canReadOrder(context.session, order)) {
      // Same answer for someone else's order and a missing one.
      throw new GraphQLError('Forbidden', { extensions: { code: 'FORBIDDEN' } });
    }
    let stop = () => {};
    const queue = asyncQueue<OrderStateUpdate>(() => stop());
    stop = this.bus.listen(order.code, (u) => queue.push(u));
    const last = [...(order.payments ?? [])].sort((a, b) => +new Date(b.createdAt) - +new Date(a.createdAt))[0];
    queue.push({ orderCode: order.code, state: order.state, paymentState: last?.state ?? null });
    return queue.iterator;
  }

  async onApplicationShutdown() {
    if (this.heartbeat) clearInterval(this.heartbeat);
    this.httpServer?.off('upgrade', this.onUpgrade);
    await this.disposeGql?.();
    this.wss?.close();
  }
}
