import { ApolloArmor } from '@escape.tech/graphql-armor';
import { GraphQLError, parse } from 'graphql';

import { LIMITS as CATALOGUE_LIMITS } from '../catalogue/constants';
import type { ListCostOptions } from './list-cost';

type GraphQLArmorConfig = NonNullable<ConstructorParameters<typeof ApolloArmor>[0]>;

/**
 * What one operation may ask for before it runs, per API (docs/decisions/027-graphql-cost-limits.md
 * gives each number and why). GraphQL Armor checks depth, aliases, directives, tokens and its own
 * structural cost; `listCost` (list-cost.ts) bounds the values an answer may hold, `take` included.
 */
export interface ApiLimits extends ListCostOptions {
  /** fields nested in one another (fragments flattened) */
  depth: number;
  /** aliased fields in one operation */
  aliases: number;
  /** directives in one operation */
  directives: number;
  /** lexical tokens of the document (graphql-js's own `maxTokens` parse option) */
  tokens: number;
  /** GraphQL Armor's cost (objects 2, scalars 1, x1.5 per level, x`first`) */
  cost: number;
  /** values the answer may hold (list-cost.ts); 0 = not checked */
  listCost: number;
}

/**
 * The Shop API: anonymous, public. The storefront's heaviest operation (tests/unit/server/src/plugins/
 * query-limits/storefront-operations.test.ts prints each one's figures) stays at most half of each budget.
 */
export const SHOP_LIMITS: ApiLimits = {
  depth: 10,
  aliases: 15,
  directives: 10,
  tokens: 1_000,
  cost: 40_000,
  listCost: 100_000,
  pageCap: 100,
  listSize: 20,
  // the catalogue plugin's home rows hold this many products (catalogue/services/product-listing.service.ts)
  listSizes: { 'HomeFacet.products': CATALOGUE_LIMITS.sectionDefault },
};

/**
 * The Admin API: every root field needs an administrator's permission (an anonymous fan-out stops
 * at the first field), and the Admin UI's documents are larger: looser structural limits, no list budget.
 */
export const ADMIN_LIMITS: ApiLimits = {
  depth: 20,
  aliases: 100,
  directives: 100,
  tokens: 50_000,
  cost: 1_000_000,
  listCost: 0,
  pageCap: 1000,
  listSize: 20,
};

/** GraphQL Armor's configuration for one API's limits (limits are named in the error; no suggestions). */
export function armorConfig(limits: ApiLimits): GraphQLArmorConfig {
  return {
    blockFieldSuggestion: { enabled: true },
    maxDepth: { n: limits.depth, flattenFragments: true },
    maxAliases: { n: limits.aliases },
    maxDirectives: { n: limits.directives },
    // Armor's token check throws from Apollo's parsingDidStart hook, which Apollo 4 answers 500;
    // the same limit is graphql-js's `maxTokens` (tokenLimitError below), answered 400
    maxTokens: { enabled: false },
    costLimit: { maxCost: limits.cost },
  };
}

/** Armor's Apollo plugin (no field suggestions) and validation rules (the rest) for one API. */
export function armorFor(limits: ApiLimits) {
  return new ApolloArmor(armorConfig(limits)).protect();
}

/**
 * graphql-js's parser with `maxTokens`: the error when `source` holds more tokens than the limit.
 * A source shorter than the limit cannot (a token is at least one character): not parsed again.
 */
export function tokenLimitError(source: string | undefined, maxTokens: number): GraphQLError | undefined {
  if (!source || source.length <= maxTokens) return undefined;
  try {
    parse(source, { maxTokens });
  } catch (error) {
    // graphql-js words it "Document contains more that N tokens. Parsing aborted."
    if (error instanceof GraphQLError && /\d+ tokens\. Parsing aborted/.test(error.message)) return error;
  }
  return undefined;
}

/** What one request may cost while it runs, and what it may send. */
export interface RuntimeLimits {
  /** an operation still resolving fields after this many ms is stopped and answered 503 */
  timeoutMs: number;
  /** an answer longer than this (bytes of JSON) is replaced by a 400 naming the limit */
  maxResponseBytes: number;
  /** a request body longer than this is answered 413 before it is parsed */
  maxBodyBytes: number;
}

export const DEFAULT_RUNTIME_LIMITS: RuntimeLimits = {
  timeoutMs: 10_000,
  maxResponseBytes: 2 * 1024 * 1024,
  maxBodyBytes: 100 * 1024,
};

function positiveInt(raw: string | undefined, name: string, fallback: number): number {
  if (raw === undefined || raw.trim() === '') return fallback;
  const n = Number(raw);
  if (!Number.isSafeInteger(n) || n <= 0) throw new Error(`${name} must be a positive whole number, not ${JSON.stringify(raw)}`);
  return n;
}

/** QUERY_TIMEOUT_MS, MAX_RESPONSE_BYTES, MAX_BODY_BYTES (server/README.md); a bad value is refused at boot. */
export function runtimeLimitsFromEnv(env: NodeJS.ProcessEnv): RuntimeLimits {
  return {
    timeoutMs: positiveInt(env.QUERY_TIMEOUT_MS, 'QUERY_TIMEOUT_MS', DEFAULT_RUNTIME_LIMITS.timeoutMs),
    maxResponseBytes: positiveInt(env.MAX_RESPONSE_BYTES, 'MAX_RESPONSE_BYTES', DEFAULT_RUNTIME_LIMITS.maxResponseBytes),
    maxBodyBytes: positiveInt(env.MAX_BODY_BYTES, 'MAX_BODY_BYTES', DEFAULT_RUNTIME_LIMITS.maxBodyBytes),
  };
}
