import type { ApolloServerPlugin, GraphQLRequestContext, GraphQLRequestListener } from '@apollo/server';
import type { Request } from 'express';
import { FieldNode, GraphQLError, Kind, OperationDefinitionNode, valueFromASTUntyped } from 'graphql';

import { clientIp } from './client-ip';
import type { RateLimitRule, RateLimitService } from './rate-limit.service';

/** How a guarded root mutation field is keyed: per IP, and per IP + an identifier from its args. */
export interface CoreOperationLimit {
  perIp: RateLimitRule;
  perIdentifier?: RateLimitRule;
  /** Picks the identifier (username, e-mail, provider...) from the field's arguments. */
  identifier?: (args: Record<string, any>) => string | undefined;
}

const lower = (v: unknown) => (typeof v === 'string' ? v.trim().toLowerCase() : undefined);

/**
 * Defaults for core Shop API mutations, whose result types we cannot extend with RateLimitError.
 * Our own mutations return RateLimitError instead (see the account plugin).
 */
export const defaultCoreOperationLimits: Record<string, CoreOperationLimit> = {
  login: {
    perIp: { limit: 100, windowSeconds: 15 * 60 },
    perIdentifier: { limit: 10, windowSeconds: 15 * 60 },
    identifier: (a) => lower(a.username),
  },
  authenticate: {
    perIp: { limit: 100, windowSeconds: 15 * 60 },
    perIdentifier: { limit: 10, windowSeconds: 15 * 60 },
    // Password guessing is per account; ID tokens are signature-checked, so they only count per IP.
    identifier: (a) => (a.input?.native ? `native:${lower(a.input.native.username)}` : undefined),
  },
  requestPasswordReset: {
    perIp: { limit: 30, windowSeconds: 60 * 60 },
    perIdentifier: { limit: 5, windowSeconds: 60 * 60 },
    identifier: (a) => lower(a.emailAddress),
  },
  resetPassword: { perIp: { limit: 20, windowSeconds: 15 * 60 } },
  verifyCustomerAccount: { perIp: { limit: 20, windowSeconds: 15 * 60 } },
  refreshCustomerVerification: {
    perIp: { limit: 30, windowSeconds: 60 * 60 },
    perIdentifier: { limit: 5, windowSeconds: 60 * 60 },
    identifier: (a) => lower(a.emailAddress),
  },
  registerCustomerAccount: { perIp: { limit: 30, windowSeconds: 60 * 60 } },
  updateCustomerPassword: { perIp: { limit: 20, windowSeconds: 15 * 60 } },
};

/**
 * Apollo plugin that answers HTTP 429 (with Retry-After and a translated GraphQL error whose
 * `extensions.code` is RATE_LIMIT_ERROR) before core mutations such as `login` execute.
 * It inspects the resolved operation document (not the client-chosen operationName), so
 * aliases, batching several fields in one document and variables cannot dodge it.
 *
 * Registered on every Vendure API, acts on /shop-api only. The RateLimitService is attached
 * at bootstrap (`attach`), because Apollo plugins are created before Nest's DI container.
 */
export class CoreRateLimitApolloPlugin implements ApolloServerPlugin<{ req: Request }> {
  private service?: RateLimitService;
  private readonly limits: Record<string, CoreOperationLimit>;

  constructor(
    limits: Record<string, CoreOperationLimit> = defaultCoreOperationLimits,
    private readonly apiPath = 'shop-api',
  ) {
    this.limits = { ...limits };
  }

  /**
   * Adds/overrides limits for root mutation fields. Other plugins use it for their own
   * mutations whose result type cannot carry a RateLimitError (e.g. `Success!`).
   */
  addLimits(limits: Record<string, CoreOperationLimit>) {
    Object.assign(this.limits, limits);
  }

  attach(service: RateLimitService) {
    this.service = service;
  }

  async requestDidStart(): Promise<GraphQLRequestListener<{ req: Request }>> {
    return {
      didResolveOperation: async (rc) => this.check(rc),
    };
  }

  private async check(rc: GraphQLRequestContext<{ req: Request }>) {
    const req = rc.contextValue?.req;
    const op = rc.operation as OperationDefinitionNode | undefined;
    if (!this.service || !req || !op || op.operation !== 'mutation') return;
    if (!(req.baseUrl || req.originalUrl || '').includes(`/${this.apiPath}`)) return;
    const variables = (rc.request.variables ?? {}) as Record<string, unknown>;
    const ip = clientIp(req);
    for (const sel of op.selectionSet.selections) {
      if (sel.kind !== Kind.FIELD) continue;
      const name = (sel as FieldNode).name.value;
      const limit = this.limits[name];
      if (!limit) continue;
      const args: Record<string, any> = {};
      for (const arg of sel.arguments ?? []) {
        args[arg.name.value] = valueFromASTUntyped(arg.value, variables);
      }
      const entries = [{ key: `${name}:ip:${ip}`, rule: limit.perIp }];
      const id = limit.identifier?.(args);
      if (limit.perIdentifier && id) {
        entries.push({ key: `${name}:ip-id:${ip}:${id}`, rule: limit.perIdentifier });
      }
      const result = await this.service.consumeAll(entries);
      if (!result.ok) {
        rc.response.http.status = 429;
        rc.response.http.headers.set('retry-after', String(result.retryAfterSeconds));
        const t = (req as any).t as ((key: string, vars?: object) => string) | undefined;
        const message = t
          ? t('errorResult.RATE_LIMIT_ERROR', { retryAfterSeconds: result.retryAfterSeconds })
          : `Too many attempts. Try again in ${result.retryAfterSeconds} seconds.`;
        throw new GraphQLError(message, {
          extensions: { code: 'RATE_LIMIT_ERROR', retryAfterSeconds: result.retryAfterSeconds },
        });
      }
    }
  }
}
