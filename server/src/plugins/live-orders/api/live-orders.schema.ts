import { GraphQLError, GraphQLNonNull, GraphQLObjectType, GraphQLSchema, GraphQLString } from 'graphql';

import type { OrderStateUpdate } from '../services/order-update-bus.service';

export interface LiveOrdersResolvers {
  /** Resolves to the async stream of updates, or throws a GraphQLError when refused. */
  orderStateChanged(orderCode: string, context: LiveOrdersContext): Promise<AsyncIterable<OrderStateUpdate>>;
}

export interface LiveOrdersContext {
  session: { userId: string | null; activeOrderId: string | null; sessionId: string };
}

/**
 * The small schema served at /shop-api/ws (graphql-ws). Mirrors the contract:
 *   type OrderStateUpdate { orderCode: String! state: String! paymentState: String }
 *   type Subscription { orderStateChanged(orderCode: String!): OrderStateUpdate! }
 */
export function buildLiveOrdersSchema(resolvers: LiveOrdersResolvers): GraphQLSchema {
  const OrderStateUpdateType = new GraphQLObjectType({
    name: 'OrderStateUpdate',
    fields: {
      orderCode: { type: new GraphQLNonNull(GraphQLString) },
      state: { type: new GraphQLNonNull(GraphQLString) },
      paymentState: { type: GraphQLString },
    },
  });
  return new GraphQLSchema({
    query: new GraphQLObjectType({
      name: 'Query',
      fields: {
        liveOrders: {
          type: new GraphQLNonNull(GraphQLString),
          description: 'Subscriptions only; use Subscription.orderStateChanged.',
          resolve: () => 'ok',
        },
      },
    }),
    subscription: new GraphQLObjectType({
      name: 'Subscription',
      fields: {
        orderStateChanged: {
          type: new GraphQLNonNull(OrderStateUpdateType),
          args: { orderCode: { type: new GraphQLNonNull(GraphQLString) } },
          subscribe: (_root, args: { orderCode: string }, context: LiveOrdersContext) => {
            if (!context?.session) throw new GraphQLError('Unauthenticated', { extensions: { code: 'UNAUTHENTICATED' } });
            return resolvers.orderStateChanged(args.orderCode, context);
          },
          resolve: (update: OrderStateUpdate) => update,
        },
      },
    }),
  });
}
