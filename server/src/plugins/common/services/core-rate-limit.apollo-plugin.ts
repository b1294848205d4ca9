import type { ApolloServerPlugin, GraphQLRequestContext, GraphQLRequestListener } from '@apollo/server';
import type { Request } from 'express';
import { FieldNode, GraphQLError, Kind, OperationDefinitionNode, valueFromASTUntyped } from 'graphql';

import type { AccountLimitFamily } from '../events/account-rate-limited.event';
import { clientIp } from './client-ip';
import type { RateLimitEntry, RateLimitRule, RateLimitService } from './rate-limit.service';

/**
 * How a guarded root mutation field is limited: per client IP, and per identifier (the account's
 * e-mail, an address id...) from its arguments, across all IPs.
 */
export interface CoreOperationLimit {
  perIp: RateLimitRule;
  /** Keyed by the identifier alone, so spreading attempts over many addresses does not help. */
  perIdentifier?: RateLimitRule;
  /** Picks the identifier (username, e-mail, address id...) from the field's arguments. */
  identifier?: (args: Record<string, any>) => string | undefined;
  /** Key prefix shared by several fields (login and authenticate count as one sign-in); default the field name. */
  bucket?: string;
  /**
   * Count only failures: a field that resolves to a non-error result gives its hits back, per
   * identifier and per IP (many customers behind one carrier NAT sign in from one address).
   */
  failuresOnly?: boolean;
  /** Mail the account owner when the per-identifier limit first refuses (identifier = e-mail). */
  notify?: AccountLimitFamily;
}

const lower = (v: unknown) => (typeof v === 'string' ? v.trim().toLowerCase() : undefined);

const SIGN_IN_PER_ACCOUNT: RateLimitRule = { limit: 10, windowSeconds: 15 * 60 };

/**
 * Defaults for core Shop API mutations, whose result types we cannot extend with RateLimitError.
 * Our own mutations return RateLimitError instead (see the account plugin).
 */
export const defaultCoreOperationLimits: Record<string, CoreOperationLimit> = {
  // One sign-in budget per account whichever mutation is used: 10 failures per 15 minutes,
  // from any number of addresses, then the account is locked for the rest of the window.
  login: {
    perIp: { limit: 100, windowSeconds: 15 * 60 },
    perIdentifier: SIGN_IN_PER_ACCOUNT,
    identifier: (a) => lower(a.username),
    bucket: 'signin',
    failuresOnly: true,
    notify: 'sign-in',
  },
  authenticate: {
    perIp: { limit: 100, windowSeconds: 15 * 60 },
    perIdentifier: SIGN_IN_PER_ACCOUNT,
    // Password guessing is per account; ID tokens are signature-checked, so they only count per IP.
    identifier: (a) => (a.input?.native ? lower(a.input.native.username) : undefined),
    bucket: 'signin',
    failuresOnly: true,
    notify: 'sign-in',
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
 * The admin's sign-in (Admin API `login`, `authenticate`), limited like the shop's: 10 failures
 * per account per 15 minutes from any number of addresses, then the account is locked for the
 * rest of the window; successes give their hits back. Its own buckets (`admin:` keys): a shopper
 * and an administrator with the same e-mail do not share a budget. No notice mail (an
 * administrator's username need not be an e-mail).
 */
export const defaultAdminSignInLimits: Record<string, CoreOperationLimit> = {
  login: withoutNotice(defaultCoreOperationLimits.login),
  authenticate: withoutNotice(defaultCoreOperationLimits.authenticate),
};

function withoutNotice({ notify: _notify, ...limit }: CoreOperationLimit): CoreOperationLimit {
  return limit;
}

/**
 * Apollo plugin that answers HTTP 429 (with Retry-After and a translated GraphQL error whose
 * `extensions.code` is RATE_LIMIT_ERROR) before core mutations such as `login` execute.
 * It inspects the resolved operation document (not the client-chosen operationName), so
 * aliases, batching several fields in one document and variables cannot dodge it.
 *
 * Registered on every Vendure API, acts on the one named by `apiPath` (/shop-api by default; a
 * second instance guards /admin-api's sign-in, its keys prefixed by `keyPrefix`). The
 * RateLimitService is attached at bootstrap (`attach`), because Apollo plugins are created before
 * Nest's DI container.
 */
export class CoreRateLimitApolloPlugin implements ApolloServerPlugin<{ req: Request }> {
  private service?: RateLimitService;
  private readonly limits: Record<string, CoreOperationLimit>;

  constructor(
    limits: Record<string, CoreOperationLimit> = defaultCoreOperationLimits,
    private readonly apiPath = 'shop-api',
    private readonly keyPrefix = '',
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
    // response key (alias) of a failures-only root field → the keys (per IP, per identifier) to give back
    const refundable = new Map<string, string[]>();
    return {
      didResolveOperation: async (rc) => this.check(rc, refundable),
      executionDidStart: async () => ({
        willResolveField: ({ info }) => {
          const keys = info.path.prev === undefined ? refundable.get(String(info.path.key)) : undefined;
          if (!keys) return;
          return (error, result) => {
            const failed = error || !result || (typeof result === 'object' && 'errorCode' in (result as object));
            if (!failed) for (const key of keys) void this.service?.refund(key);
          };
        },
      }),
    };
  }

  private async check(rc: GraphQLRequestContext<{ req: Request }>, refundable: Map<string, string[]>) {
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
      const ipKey = `${this.keyPrefix}${name}:ip:${ip}`;
      const entries: RateLimitEntry[] = [{ key: ipKey, rule: limit.perIp }];
      const id = limit.identifier?.(args);
      const idKey = `${this.keyPrefix}${limit.bucket ?? name}:id:${id}`;
      if (limit.perIdentifier && id) {
        // Known and unknown accounts alike: the answer must not tell them apart.
        const notify = limit.notify && { family: limit.notify, identifier: id, languageCode: language(req) };
        entries.push({ key: idKey, rule: limit.perIdentifier, notify });
      }
      const result = await this.service.consumeAll(entries);
      if (result.ok && limit.failuresOnly) {
        refundable.set((sel as FieldNode).alias?.value ?? name, limit.perIdentifier && id ? [ipKey, idKey] : [ipKey]);
      }
      if (!result.ok) {
        rc.response.http.status = 429;
        rc.response.http.headers.set('retry-after', String(result.retryAfterSeconds));
        const t = (req as any).t as ((key: string, vars?: object) => string) | undefined;
        const message = t
          ? t('errorResult.RATE_LIMIT_ERROR', { retryAfterSeconds: result.retryAfterSeconds })
          : `Too many attempts. Try again in ${result.retryAfterSeconds} seconds.`;
        // Hits already taken for earlier fields of this document stay taken: it was refused.
        refundable.clear();
        throw new GraphQLError(message, {
          extensions: { code: 'RATE_LIMIT_ERROR', retryAfterSeconds: result.retryAfterSeconds },
        });
      }
    }
  }
}

/** The request's language as Vendure reads it (`?languageCode=`); Arabic is the shop's default. */
function language(req: Request): string {
  const q = req.query?.languageCode;
  return q === 'en' ? 'en' : 'ar';
}
