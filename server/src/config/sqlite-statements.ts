/**
 * One cache of prepared statements for the embedded SQLite connection, shared by every TypeORM
 * query runner (decision 024).
 *
 * TypeORM keeps prepared statements per query runner, and Vendure runs each mutation in a
 * transaction with a query runner of its own, so the same SQL was prepared again in every
 * request: ~237 `prepare` calls per placed order in `npm run bench:shoppers`, half of them texts
 * prepared before. Preparing costs CPU (SQLite parses and plans the statement: ~7 % of the
 * server's CPU under that bench), and a better-sqlite3 statement's native memory (~10 KB for
 * Vendure's joins) is only freed when V8 collects its JavaScript object, in the next full garbage
 * collection: between two of those, hundreds of MB that V8 does not count.
 *
 * Statements are used one at a time (TypeORM calls the synchronous `all`/`run`; nothing here
 * iterates), so one statement can serve every query runner.
 */
export interface PreparingDatabase {
  prepare(sql: string): unknown;
}

export const STATEMENT_CACHE_SIZE = 1_000;

export function shareStatements<D extends PreparingDatabase>(
  db: D,
  size = STATEMENT_CACHE_SIZE,
): D & { statementCache: Map<string, unknown> } {
  const prepare = db.prepare.bind(db);
  const cache = new Map<string, unknown>();
  db.prepare = (sql: string) => {
    let statement = cache.get(sql);
    if (statement !== undefined) {
      cache.delete(sql); // most recently used last
      cache.set(sql, statement);
      return statement;
    }
    statement = prepare(sql);
    cache.set(sql, statement);
    if (cache.size > size) cache.delete(cache.keys().next().value as string);
    return statement;
  };
  return Object.assign(db, { statementCache: cache });
}
