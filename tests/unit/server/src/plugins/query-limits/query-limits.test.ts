import { buildSchema, parse, type OperationDefinitionNode } from 'graphql';
import { describe, expect, it } from 'vitest';

import { estimateListCost } from '../../../../../../server/src/plugins/query-limits/list-cost';
import { runtimeLimitsFromEnv, tokenLimitError } from '../../../../../../server/src/plugins/query-limits/query-limits';

const schema = buildSchema(`
  type Query { products(options: ListOptions): ProductList!  top(take: Int): [Product!]! }
  input ListOptions { take: Int skip: Int }
  type ProductList { items: [Product!]! totalItems: Int! }
  type Product { id: ID! name: String! variants: [Variant!]! }
  type Variant { id: ID! }
`);
const options = { pageCap: 100, listSize: 20 };
const cost = (source: string, variables?: Record<string, unknown>) => {
  const document = parse(source);
  const op = document.definitions.find((d): d is OperationDefinitionNode => d.kind === 'OperationDefinition')!;
  return estimateListCost(schema, document, op, variables, options);
};

describe('estimateListCost: values an answer may hold', () => {
  it('multiplies a page by its take, from a literal or a variable', () => {
    expect(cost(`{ products(options: { take: 10 }) { items { id name } } }`)).toBe(1 + 10 * (1 + 2));
    expect(cost(`query ($t: Int) { products(options: { take: $t }) { items { id } } }`, { t: 5 })).toBe(1 + 5 * 2);
    expect(cost(`query ($o: ListOptions) { products(options: $o) { items { id } } }`, { o: { take: 7 } })).toBe(1 + 7 * 2);
  });

  it('counts the page cap when take is missing, unknown, negative or larger', () => {
    expect(cost(`{ products { items { id } } }`)).toBe(1 + 100 * 2);
    expect(cost(`query ($t: Int) { products(options: { take: $t }) { items { id } } }`)).toBe(1 + 100 * 2);
    expect(cost(`{ products(options: { take: -1 }) { items { id } } }`)).toBe(1 + 100 * 2);
    expect(cost(`{ products(options: { take: 5000 }) { items { id } } }`)).toBe(1 + 100 * 2);
    expect(cost(`{ top(take: 3) { id } }`)).toBe(3 * 2);
  });

  it('multiplies nested lists: a plain list counts listSize items', () => {
    expect(cost(`{ products(options: { take: 10 }) { items { variants { id } } } }`)).toBe(1 + 10 * (1 + 20 * 2));
  });

  it('counts fragments where they are spread', () => {
    expect(cost(`{ products(options: { take: 2 }) { items { ...P } } } fragment P on Product { id name }`)).toBe(1 + 2 * 3);
  });
});

describe('runtime limits from the environment', () => {
  it('has defaults and reads each variable', () => {
    expect(runtimeLimitsFromEnv({})).toEqual({ timeoutMs: 10_000, maxResponseBytes: 2 * 1024 * 1024, maxBodyBytes: 100 * 1024 });
    expect(runtimeLimitsFromEnv({ QUERY_TIMEOUT_MS: '500', MAX_RESPONSE_BYTES: '1000', MAX_BODY_BYTES: '2000' })).toEqual({
      timeoutMs: 500,
      maxResponseBytes: 1000,
      maxBodyBytes: 2000,
    });
  });

  it.each(['0', '-5', '1.5', 'ten'])('refuses QUERY_TIMEOUT_MS=%s at boot', (value) => {
    expect(() => runtimeLimitsFromEnv({ QUERY_TIMEOUT_MS: value })).toThrow(/QUERY_TIMEOUT_MS must be a positive whole number/);
  });
});

describe('tokenLimitError', () => {
  it('names a document over the limit, passes one within it', () => {
    expect(tokenLimitError(`{ ${'a '.repeat(50)}}`, 10)?.message).toMatch(/10 tokens/);
    expect(tokenLimitError(`{ a b c }`, 10)).toBeUndefined();
    expect(tokenLimitError(undefined, 10)).toBeUndefined();
  });
});
