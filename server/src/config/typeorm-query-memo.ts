import { QueryBuilder } from 'typeorm/query-builder/QueryBuilder';

import { lruGet, lruSet } from './lru';

/**
 * Remembers TypeORM's last step of building a query's SQL (decision 025).
 *
 * Every query TypeORM builds ends in `QueryBuilder.replacePropertyNamesForTheWholeQuery`, which
 * collects the property-to-column names of every joined entity into one regular expression and
 * runs it over the whole SQL text. For Vendure's order queries (a dozen joins) that was the single
 * most expensive function of the server under `npm run bench:shoppers` (~7 % of its CPU, session
 * 14), and it computes the same text again for every request. Its result depends only on the SQL
 * text, the query's aliases (name and entity metadata), whether aliases prefix column names and
 * the driver's quoting: with those as the key, the answer is reused.
 *
 * Values are parameters in TypeORM's SQL text, so the texts repeat; a text that carries literal
 * values only adds entries, bounded by `size` (least recently used first out).
 *
 * A patch of a non-public TypeORM method: `TYPEORM_QUERY_MEMO=off` runs without it, and the TypeORM
 * version it was verified against is pinned by a test (`patched-internals.ts`).
 */
export const QUERY_MEMO_SIZE = 1_000;

interface AliasLike {
  name: string;
  hasMetadata: boolean;
  metadata?: object;
}

interface BuilderLike {
  expressionMap: { aliases: AliasLike[]; aliasNamePrefixingEnabled: boolean };
  connection?: { driver?: { options?: { type?: string } } };
}

type Replace = (this: BuilderLike, statement: string) => string;

const MEMO = Symbol.for('storefront.typeormQueryMemo');

/**
 * Installs the memo on `proto` (TypeORM's QueryBuilder by default) once; returns its cache: per
 * SQL text (at most `size`, least recently used first out), the texts built for each set of aliases.
 */
export function memoizeQueryText(
  proto: { replacePropertyNamesForTheWholeQuery: Replace; [MEMO]?: Map<string, Map<string, string>> } = QueryBuilder.prototype as never,
  size = QUERY_MEMO_SIZE,
): Map<string, Map<string, string>> {
  const installed = proto[MEMO];
  if (installed) return installed;
  const original = proto.replacePropertyNamesForTheWholeQuery;
  // keyed by the SQL text itself first: no second copy of a several-KB text per call
  const cache = new Map<string, Map<string, string>>();
  const metadataIds = new WeakMap<object, number>();
  let nextId = 1;
  proto.replacePropertyNamesForTheWholeQuery = function (this: BuilderLike, statement: string): string {
    let aliases = `${this.connection?.driver?.options?.type ?? ''}|${this.expressionMap.aliasNamePrefixingEnabled ? 1 : 0}`;
    for (const alias of this.expressionMap.aliases) {
      if (!alias.hasMetadata || !alias.metadata) continue;
      let id = metadataIds.get(alias.metadata);
      if (id === undefined) {
        id = nextId++;
        metadataIds.set(alias.metadata, id);
      }
      aliases += `|${alias.name}:${id}`;
    }
    let byAliases = lruGet(cache, statement);
    if (byAliases) {
      const text = byAliases.get(aliases);
      if (text !== undefined) return text;
    } else {
      byAliases = new Map<string, string>();
      lruSet(cache, statement, byAliases, size);
    }
    const text = original.call(this, statement);
    byAliases.set(aliases, text);
    return text;
  };
  proto[MEMO] = cache;
  return cache;
}
