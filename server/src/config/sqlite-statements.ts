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
 *
 * TypeORM also writes ids into the SQL text as literals (`WHERE "Session"."id" = 4711`, `SET "id" =
 * 12`, `"id" IN (3, 4)`: its entity reloads, soft deletes, job updates), so most texts are seen
 * once: 37,050 distinct texts and 60,522 prepares for 343 orders under `npm run bench:shoppers`,
 * and every one of them native memory held until V8's next full collection (decision 026). Such
 * integer literals (compared with a quoted column, listed in `IN (...)`, values of `VALUES (...)`)
 * are bound as parameters instead
 * (`bindLiterals`): the statement is prepared once per shape and the literal goes in as an
 * INTEGER, exactly as SQLite reads the literal.
 *
 * Both patch dependency internals (better-sqlite3's `prepare`, the SQL TypeORM writes): each can be
 * switched off (`SQLITE_SHARED_STATEMENTS=off`, `SQLITE_BIND_LITERALS=off`), and the versions they
 * were verified against are pinned by a test (`patched-internals.ts`).
 */
import { lruGet, lruSet } from './lru';

export interface PreparingDatabase {
  prepare(sql: string): unknown;
}

export const STATEMENT_CACHE_SIZE = 1_000;

/** One placeholder of a rewritten text: the caller's next parameter (`null`) or a literal's value. */
export type Slot = bigint | null;

const OPERATORS = new Set(['=', '==', '!=', '<>', '<', '>', '<=', '>=']);
const PARAMETERISABLE = /^\s*(SELECT|UPDATE|DELETE|INSERT|WITH)\b/i;
const MAY_HAVE_LITERAL = /[=<>(,]\s*\d/;
const isDigit = (code: number) => code >= 48 && code <= 57;
/** Letters, digits, `_`, `$` and any non-ASCII character (SQLite's identifier characters). */
const isWordChar = (code: number) =>
  isDigit(code) || (code >= 65 && code <= 90) || (code >= 97 && code <= 122) || code === 95 || code === 36 || code > 127;

/**
 * The SQL text with each integer literal that is compared with a quoted column (`"a"."b" = 7`,
 * `"b" <> 7`, `"b" IN (7, 8)`) or is a value of its own in a row of `VALUES (...)` replaced by `?`, and the placeholders in text order: `null` for
 * one that was already there, the literal's value for a new one. `null` when there is nothing to
 * bind, or when the text is not plain DML with `?` placeholders (named or numbered parameters,
 * DDL, where parameters are not allowed, are left alone). Strings, quoted identifiers and comments
 * are skipped, so digits inside them never change.
 */
export function bindLiterals(sql: string): { text: string; slots: Slot[] } | null {
  if (!MAY_HAVE_LITERAL.test(sql) || !PARAMETERISABLE.test(sql)) return null;
  const slots: Slot[] = [];
  let out = '';
  let from = 0; // sql[from, i) not yet copied to out
  let bound = 0;
  // the last two significant tokens before the current one, and whether we are in `"col" IN (`
  let prev = '';
  let prev2 = '';
  let inList = false;
  let valuesDepth = 0; // parentheses deep inside a row of `VALUES (...), (...)`; 0 outside
  let rowMayFollow = false; // after `VALUES` or after a row and a comma: a `(` opens a row
  let rowEnded = false;
  const push = (token: string) => {
    prev2 = prev;
    prev = token;
  };
  const n = sql.length;
  let i = 0;
  while (i < n) {
    const c = sql[i];
    if (c === "'" || c === '"' || c === '`' || c === '[') {
      const close = c === '[' ? ']' : c;
      let j = i + 1;
      for (;;) {
        if (j >= n) return null; // unterminated: leave the text to SQLite
        if (sql[j] === close) {
          if (close !== ']' && sql[j + 1] === close)
            j += 2; // doubled quote
          else break;
        } else j++;
      }
      push(c === "'" ? "'" : '"'); // a string or an identifier (only their kind matters)
      i = j + 1;
      continue;
    }
    if (c === '-' && sql[i + 1] === '-') {
      const end = sql.indexOf('\n', i);
      i = end < 0 ? n : end + 1;
      continue;
    }
    if (c === '/' && sql[i + 1] === '*') {
      const end = sql.indexOf('*/', i + 2);
      if (end < 0) return null;
      i = end + 2;
      continue;
    }
    if (c === ' ' || c === '\n' || c === '\t' || c === '\r') {
      i++;
      continue;
    }
    if (c === '?') {
      if (isDigit(sql.charCodeAt(i + 1))) return null; // ?NNN
      slots.push(null);
      push('?');
      i++;
      continue;
    }
    if (c === ':' || c === '@' || c === '$') return null; // named parameters
    if (isDigit(sql.charCodeAt(i))) {
      let j = i;
      while (j < n && isDigit(sql.charCodeAt(j))) j++;
      const isInteger = j - i <= 15 && !isWordChar(sql.charCodeAt(j)) && sql[j] !== '.';
      const compared = OPERATORS.has(prev) && prev2 === '"';
      const listed = inList && (prev === '(' || prev === ',');
      const valued = valuesDepth === 1 && (prev === '(' || prev === ',') && /^\s*[,)]/.test(sql.slice(j, j + 8));
      if (isInteger && (compared || listed || valued)) {
        out += sql.slice(from, i) + '?';
        from = j;
        slots.push(BigInt(sql.slice(i, j)));
        bound++;
        push('?');
      } else {
        inList = false;
        push('0');
      }
      i = j;
      continue;
    }
    if (isWordChar(sql.charCodeAt(i))) {
      let j = i + 1;
      while (j < n && isWordChar(sql.charCodeAt(j))) j++;
      const word = sql.slice(i, j).toUpperCase();
      inList = false;
      rowMayFollow = word === 'VALUES';
      rowEnded = false;
      push(word === 'IN' && prev === '"' ? 'IN"' : word);
      i = j;
      continue;
    }
    // operators and punctuation
    let op = c;
    if ((c === '<' || c === '>' || c === '!' || c === '=') && (sql[i + 1] === '=' || (c === '<' && sql[i + 1] === '>'))) op += sql[i + 1];
    if (op === '(') inList = prev === 'IN"';
    else if (!(op === ',' && inList && prev === '?')) inList = false; // a list goes on only after a bound value
    if (op === '(') {
      if (valuesDepth > 0) valuesDepth++;
      else if (rowMayFollow) valuesDepth = 1; // a row of VALUES opens
    } else if (op === ')' && valuesDepth > 0) {
      valuesDepth--;
      rowEnded = valuesDepth === 0;
    }
    rowMayFollow = op === ',' && rowEnded; // `VALUES (...), (`
    if (op !== ')') rowEnded = false;
    push(op);
    i += op.length;
  }
  if (bound === 0) return null;
  return { text: out + sql.slice(from), slots };
}

/** A shared statement with some of its parameters fixed: the caller's go in between them. */
function withLiterals<S extends object>(statement: S, slots: Slot[]): S {
  const merge = (args: unknown[]) => {
    const params: unknown[] = [];
    let k = 0;
    for (const slot of slots) params.push(slot === null ? args[k++] : slot);
    while (k < args.length) params.push(args[k++]); // too many: SQLite says so, as before
    return params;
  };
  return new Proxy(statement, {
    get(target, key) {
      const value = Reflect.get(target, key, target) as unknown;
      if (typeof value !== 'function') return value;
      if (key === 'all' || key === 'get' || key === 'run' || key === 'iterate') {
        return (...args: unknown[]) => (value as (...a: unknown[]) => unknown).apply(target, merge(args));
      }
      return (value as (...a: unknown[]) => unknown).bind(target);
    },
  });
}

export interface PrepareOptions {
  /** One statement per text for every query runner (decision 024); default on. */
  share?: boolean;
  /** Integer literals bound as parameters (decision 026); default on. */
  bindLiterals?: boolean;
}

/**
 * Wraps the connection's `prepare`: statements shared by text (at most `size`, least recently
 * used first out) and literals bound, each unless switched off in `options`.
 */
export function shareStatements<D extends PreparingDatabase>(
  db: D,
  size = STATEMENT_CACHE_SIZE,
  { share = true, bindLiterals: bind = true }: PrepareOptions = {},
): D & { statementCache: Map<string, unknown> } {
  const prepare = db.prepare.bind(db);
  const cache = new Map<string, unknown>();
  const shared = (sql: string) => {
    if (!share) return prepare(sql);
    let statement = lruGet(cache, sql);
    if (statement === undefined) {
      statement = prepare(sql);
      lruSet(cache, sql, statement, size);
    }
    return statement;
  };
  db.prepare = (sql: string) => {
    if (!bind || cache.has(sql)) return shared(sql);
    const bound = bindLiterals(sql);
    return bound ? withLiterals(shared(bound.text) as object, bound.slots) : shared(sql);
  };
  return Object.assign(db, { statementCache: cache });
}
