import type { ApolloServerPlugin, GraphQLRequestContext, GraphQLRequestListener } from '@apollo/server';
import type { Request } from 'express';
import { DocumentNode, GraphQLError, GraphQLSchema, OperationDefinitionNode } from 'graphql';

import { estimateListCost } from './list-cost';
import { ApiLimits, armorFor, RuntimeLimits } from './query-limits';

type Ctx = { req: Request & { t?: (key: string, vars?: object) => string } };
type Listener = GraphQLRequestListener<Ctx>;

export function translate(req: Ctx['req'] | undefined, key: string, vars: Record<string, unknown>, fallback: string): string {
  try {
    const text = req?.t?.(`error.${key}`, vars);
    if (text && text !== `error.${key}` && text !== key) return text;
  } catch {
    // a broken translation must not turn a clear answer into an internal error
  }
  return fallback.replace(/\{(\w+)\}/g, (_, k) => String(vars[k] ?? ''));
}

/**
 * The limits of one request (docs/decisions/027), one Apollo plugin for both APIs (Vendure shares
 * `apolloServerPlugins` between them; each request picks its API's limits by its path):
 *
 * - GraphQL Armor's plugin: no "Did you mean" field suggestions. (Its validation rules — depth,
 *   aliases, directives, cost — are Vendure's `shopApiValidationRules` / `adminApiValidationRules`.)
 * - Once the operation and its variables are known, before any resolver: the list budget
 *   (list-cost.ts), HTTP 400, `extensions.code = BAD_USER_INPUT`, `reason = query-too-costly`.
 *   (The token limit runs before Apollo parses: http-limits.middleware.ts.)
 * - A deadline: a field that starts resolving after `timeoutMs` fails, so the rest of the
 *   operation does not run; the answer is then one error, HTTP 503, code `OPERATION_TIMEOUT`.
 */
export class QueryLimitsApolloPlugin implements ApolloServerPlugin<Ctx> {
  private readonly armor: Record<'shop' | 'admin', ApolloServerPlugin<Ctx>[]>;

  constructor(
    private readonly limits: { shop: ApiLimits; admin: ApiLimits; shopApiPath: string },
    private readonly runtime: RuntimeLimits,
  ) {
    this.armor = {
      shop: armorFor(limits.shop).plugins as ApolloServerPlugin<Ctx>[],
      admin: armorFor(limits.admin).plugins as ApolloServerPlugin<Ctx>[],
    };
  }

  async requestDidStart(rc: GraphQLRequestContext<Ctx>): Promise<Listener> {
    const req = rc.contextValue?.req;
    const url = req?.baseUrl || req?.originalUrl || '';
    const api = url.includes(`/${this.limits.shopApiPath}`) ? 'shop' : 'admin';
    const limits = this.limits[api];
    const armor = (await Promise.all(this.armor[api].map((p) => p.requestDidStart?.(rc)))).filter((l): l is Listener => !!l);
    const deadline = performance.now() + this.runtime.timeoutMs;
    let timedOut = false;
    const timeoutMs = this.runtime.timeoutMs;

    return {
      didEncounterErrors: async (ctx) => {
        for (const l of armor) await l.didEncounterErrors?.(ctx);
      },
      // Not async on purpose (as the input boundary's): a refusal throws while Apollo maps the
      // listeners, so the plugins after this one (the rate limiter) do not act on it.
      didResolveOperation: (ctx) => {
        if (limits.listCost > 0 && ctx.operation && ctx.document) {
          const cost = estimateListCost(
            ctx.schema as GraphQLSchema,
            ctx.document as DocumentNode,
            ctx.operation as OperationDefinitionNode,
            ctx.request.variables,
            limits,
          );
          if (cost > limits.listCost) {
            ctx.response.http.status = 400;
            throw new GraphQLError(
              translate(
                req,
                'query-too-costly',
                { cost, max: limits.listCost },
                'This query asks for too much at once (an estimated {cost} values; the limit is {max}). Ask for fewer items or fewer fields.',
              ),
              { extensions: { code: 'BAD_USER_INPUT', reason: 'query-too-costly', cost, max: limits.listCost } },
            );
          }
        }
        return Promise.resolve();
      },
      executionDidStart: async () => ({
        willResolveField: () => {
          if (timedOut || performance.now() > deadline) {
            timedOut = true;
            throw new GraphQLError('operation stopped: over its time limit', { extensions: { code: 'OPERATION_TIMEOUT' } });
          }
        },
      }),
      willSendResponse: async (ctx) => {
        if (!timedOut || ctx.response.body.kind !== 'single') return;
        ctx.response.http.status = 503;
        ctx.response.body.singleResult = {
          errors: [
            new GraphQLError(
              translate(
                req,
                'query-timeout',
                { seconds: timeoutMs / 1000 },
                'This request took longer than {seconds} s and was stopped. Please try again, or ask for less.',
              ),
              { extensions: { code: 'OPERATION_TIMEOUT' } },
            ),
          ],
        };
      },
    };
  }
}
