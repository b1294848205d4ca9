import { PluginCommonModule, VendurePlugin } from '@vendure/core';

import { LiveOrdersServer } from './services/live-orders-server.service';
import { OrderUpdateBus } from './services/order-update-bus.service';

/**
 * Live order updates over graphql-ws at ws://<host>/shop-api/ws (see LiveOrdersServer).
 * Scale-out: set REDIS_URL so that state changes reach sockets on every instance
 * (OrderUpdateBus, Redis pub/sub).
 */
@VendurePlugin({
  imports: [PluginCommonModule],
  providers: [OrderUpdateBus, LiveOrdersServer],
  compatibility: '^3.0.0',
})
export class LiveOrdersPlugin {}
