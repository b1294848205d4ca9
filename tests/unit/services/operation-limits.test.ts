import { readFileSync } from 'node:fs';
import { buildSchema, Lexer, parse, print, Source, TokenKind, validate, type DocumentNode, type OperationDefinitionNode } from 'graphql';
import { describe, expect, it, vi } from 'vitest';

import type * as GraphqlModule from '../../../services/graphql';
import { estimateListCost } from '../../../server/src/plugins/query-limits/list-cost';
import { armorFor, SHOP_LIMITS, tokenLimitError, type ApiLimits } from '../../../server/src/plugins/query-limits/query-limits';

// Every GraphQL document the storefront's services build (exported or not, in any services/*.ts
// module, present or future: `graphql()` is wrapped to record each one) is checked against the
// Shop API's limits (docs/decisions/027): it must pass every limit, and the cost budgets with room
// to spare, so an operation that grows past them fails here rather than in front of a shopper.
const recorded = vi.hoisted(() => [] as DocumentNode[]);
vi.mock('../../../services/graphql', async (importOriginal) => {
  const actual = await importOriginal<typeof GraphqlModule>();
  const graphql = Object.assign((...args: Parameters<typeof actual.graphql>) => {
    const document = actual.graphql(...args);
    recorded.push(document as DocumentNode);
    return document;
  }, actual.graphql);
  return { ...actual, graphql };
});
import.meta.glob('../../../services/*.ts', { eager: true });

const schema = buildSchema(readFileSync('services/generated/schema.graphql', 'utf8'));

const operation = (document: DocumentNode) =>
  document.definitions.find((d): d is OperationDefinitionNode => d.kind === 'OperationDefinition');

const operations = recorded
  .filter((document) => operation(document))
  .map((document) => ({ name: operation(document)!.name?.value ?? '(anonymous)', document }));

/** Limits of 0 make Armor name each figure ("… limit of 0 exceeded, found N"). */
function measure(document: DocumentNode) {
  const zero: ApiLimits = { ...SHOP_LIMITS, depth: 0, aliases: 0, directives: 0, tokens: 0, cost: 0 };
  const found = (pattern: RegExp) => {
    const error = validate(schema, document, armorFor(zero).validationRules).find((e) => pattern.test(e.message));
    return Number(error?.message.match(/found (\d+(?:\.\d+)?)/)?.[1] ?? 0);
  };
  return {
    depth: found(/depth/i),
    aliases: found(/aliases/i),
    directives: found(/directives/i),
    cost: found(/cost/i),
    tokens: tokenCount(print(document)),
    listCost: estimateListCost(schema, document, operation(document)!, undefined, SHOP_LIMITS),
  };
}

/** Tokens as GraphQL's lexer counts them (its parser's `maxTokens`, the limit, counts the same). */
function tokenCount(source: string): number {
  const lexer = new Lexer(new Source(source));
  let n = 0;
  while (lexer.advance().kind !== TokenKind.EOF) n++;
  return n;
}

async function refusals(document: DocumentNode, limits: ApiLimits): Promise<string[]> {
  const errors = validate(schema, document, armorFor(limits).validationRules).map((e) => e.message);
  const tokens = tokenLimitError(print(document), limits.tokens);
  if (tokens) errors.push(tokens.message);
  const cost = estimateListCost(schema, document, operation(document)!, undefined, limits);
  if (cost > limits.listCost) errors.push(`list cost ${cost} over ${limits.listCost}`);
  return errors;
}

describe('the storefront’s operations and the Shop API’s limits', () => {
  it('finds every operation the services send', () => {
    expect(operations.length).toBeGreaterThanOrEqual(60);
  });

  it.each(operations.map((o) => [o.name, o.document] as const))('%s passes every limit', async (_name, document) => {
    expect(await refusals(document, SHOP_LIMITS)).toEqual([]);
  });

  it('the heaviest operation uses at most half of the cost, token and list budgets', () => {
    const figures = operations.map((o) => ({ name: o.name, ...measure(o.document) }));
    if (process.env.LIMITS_TABLE) console.table(figures);
    const max = (key: keyof ReturnType<typeof measure>) => figures.reduce((a, b) => (b[key] > a[key] ? b : a));
    const heaviest = {
      depth: max('depth'),
      aliases: max('aliases'),
      directives: max('directives'),
      cost: max('cost'),
      tokens: max('tokens'),
      listCost: max('listCost'),
    };
    console.info(
      Object.entries(heaviest)
        .map(([k, f]) => `${k}: ${f[k as keyof typeof heaviest]} (${f.name}) of ${SHOP_LIMITS[k as keyof ApiLimits]}`)
        .join('\n'),
    );
    expect(heaviest.cost.cost).toBeLessThanOrEqual(SHOP_LIMITS.cost / 2);
    expect(heaviest.tokens.tokens).toBeLessThanOrEqual(SHOP_LIMITS.tokens / 2);
    expect(heaviest.listCost.listCost).toBeLessThanOrEqual(SHOP_LIMITS.listCost / 2);
    expect(heaviest.depth.depth).toBeLessThanOrEqual(SHOP_LIMITS.depth - 2);
    expect(heaviest.aliases.aliases).toBeLessThanOrEqual(SHOP_LIMITS.aliases);
  });

  // The check itself can fail: the probe's shapes are refused by the same function.
  it.each([
    [
      'nested fan-out, 50 per level',
      `{ collections(options: { take: 50 }) { items { productVariants(options: { take: 50 }) { items { product { collections {
        productVariants(options: { take: 50 }) { items { id name } } } } } } } } }`,
    ],
    [
      '500 aliases of products(take: 100)',
      `{ ${Array.from({ length: 500 }, (_, i) => `a${i}: products(options: { take: 100 }) { items { id name } }`).join(' ')} }`,
    ],
    [
      'a list of 100 pages of 100',
      `{ products(options: { take: 100 }) { items { collections { productVariants { items { id name sku } } } } } }`,
    ],
  ])('refuses %s', async (_name, source) => {
    expect(await refusals(parse(source), SHOP_LIMITS)).not.toEqual([]);
  });
});
