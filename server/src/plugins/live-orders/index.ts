export { LiveOrdersPlugin } from './live-orders.plugin';
export { buildLiveOrdersSchema } from './api/live-orders.schema';
export type { OrderStateUpdate } from './services/order-update-bus.service';
