// @vitest-environment node
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';

import { bindLiterals, shareStatements } from '../../../../../server/src/config/sqlite-statements';

describe('shareStatements (decision 024)', () => {
  it('prepares each SQL text once for every caller, and the statements still run', () => {
    const db = shareStatements(new Database(':memory:'));
    db.exec('CREATE TABLE t (id INTEGER PRIMARY KEY, name TEXT)');
    const insert = db.prepare('INSERT INTO t (name) VALUES (?)') as Database.Statement;
    expect(db.prepare('INSERT INTO t (name) VALUES (?)')).toBe(insert);
    insert.run('a');
    (db.prepare('INSERT INTO t (name) VALUES (?)') as Database.Statement).run('b');
    const select = db.prepare('SELECT name FROM t ORDER BY id') as Database.Statement;
    expect(select.all()).toEqual([{ name: 'a' }, { name: 'b' }]);
    expect(db.prepare('SELECT name FROM t ORDER BY id')).toBe(select);
    expect(db.statementCache.size).toBe(2);
    db.close();
  });

  it('keeps at most `size` statements, dropping the least recently used', () => {
    const prepared: string[] = [];
    const db = shareStatements({ prepare: (sql: string) => (prepared.push(sql), { sql }) }, 2);
    db.prepare('a');
    db.prepare('b');
    db.prepare('a'); // a used again: b is now the oldest
    db.prepare('c'); // drops b
    expect([...db.statementCache.keys()]).toEqual(['a', 'c']);
    db.prepare('a');
    db.prepare('b'); // prepared again
    expect(prepared).toEqual(['a', 'b', 'c', 'b']);
  });

  it('does not keep a statement that failed to prepare', () => {
    const db = shareStatements(new Database(':memory:'));
    expect(() => db.prepare('SELECT * FROM missing')).toThrow(/no such table/);
    expect(db.statementCache.size).toBe(0);
    db.exec('CREATE TABLE missing (x)');
    expect((db.prepare('SELECT * FROM missing') as Database.Statement).all()).toEqual([]);
    db.close();
  });
});

describe('bindLiterals (decision 026)', () => {
  it('binds the ids TypeORM writes into its texts, between the placeholders already there', () => {
    expect(bindLiterals('SELECT "S"."id" AS "S_id" FROM "session" "S" WHERE ( "S"."id" = 4711 ) AND ( "S"."type" IN (?) )')).toEqual({
      text: 'SELECT "S"."id" AS "S_id" FROM "session" "S" WHERE ( "S"."id" = ? ) AND ( "S"."type" IN (?) )',
      slots: [4711n, null],
    });
    expect(bindLiterals('UPDATE "job_record" SET "id" = 12, "state" = ?, "isSettled" = 0 WHERE "id" = 12 AND "x" IS NULL')).toEqual({
      text: 'UPDATE "job_record" SET "id" = ?, "state" = ?, "isSettled" = ? WHERE "id" = ? AND "x" IS NULL',
      slots: [12n, null, 0n, 12n],
    });
    expect(bindLiterals('UPDATE "job_record" SET "state" = ? WHERE "id" IN (3, 4,5)')).toEqual({
      text: 'UPDATE "job_record" SET "state" = ? WHERE "id" IN (?, ?,?)',
      slots: [null, 3n, 4n, 5n],
    });
    expect(
      bindLiterals(
        `INSERT INTO "h"("createdAt", "type", "isPublic", "id", "orderId") VALUES (datetime('now'), ?, 1, NULL, 42), (date(2), ?, 0, NULL, 43)`,
      ),
    ).toEqual({
      text: `INSERT INTO "h"("createdAt", "type", "isPublic", "id", "orderId") VALUES (datetime('now'), ?, ?, NULL, ?), (date(2), ?, ?, NULL, ?)`,
      slots: [null, 1n, 42n, null, 0n, 43n],
    });
    expect(bindLiterals('INSERT INTO "t"("a", "b") VALUES (1 + 2, 3)')).toEqual({
      text: 'INSERT INTO "t"("a", "b") VALUES (1 + 2, ?)',
      slots: [3n],
    });
    expect(bindLiterals('DELETE FROM "session" WHERE ("id"=9) AND "n" >= 2 AND "m" <> 3 AND "k" != 4')).toEqual({
      text: 'DELETE FROM "session" WHERE ("id"=?) AND "n" >= ? AND "m" <> ? AND "k" != ?',
      slots: [9n, 2n, 3n, 4n],
    });
  });

  it('leaves every other number, string, identifier and statement as it is', () => {
    const unchanged = [
      'SELECT "a" FROM "t" LIMIT 10 OFFSET 20',
      'SELECT "a" FROM "t" ORDER BY 1',
      'SELECT "a" FROM "t" WHERE "b" = 1.5 OR "c" = 1e3 OR "d" = 0x10',
      `SELECT "a" FROM "t" WHERE "b" = '"x" = 5' AND "c" = ?`,
      'SELECT "col 7" FROM "t2" WHERE "t2"."x" = ?',
      'SELECT "a" FROM "t" WHERE length("b") = 3 AND "c" = - 4 AND "d" NOT IN (1, 2)',
      'SELECT "a" FROM "t" WHERE "b" IN (SELECT 1) AND "c" = ? -- "d" = 5',
      'CREATE INDEX "i" ON "t" ("a") WHERE "b" = 1',
      'SELECT "a" FROM "t" WHERE "b" = :b AND "c" = 5',
      'SELECT "a" FROM "t" WHERE "b" = ?1 AND "c" = 5',
      'SELECT "a" FROM "t" WHERE "b" = 12345678901234567890',
    ];
    for (const sql of unchanged) expect(bindLiterals(sql), sql).toBeNull();
    expect(bindLiterals('SELECT "a" FROM "t" WHERE "b" IN (1, "c") AND "d" = 2')).toEqual({
      text: 'SELECT "a" FROM "t" WHERE "b" IN (?, "c") AND "d" = ?',
      slots: [1n, 2n],
    });
  });

  it('prepares one statement per shape and answers as the literal texts do', () => {
    const plain = new Database(':memory:');
    const db = shareStatements(new Database(':memory:'));
    const setup = `CREATE TABLE t (id INTEGER PRIMARY KEY, code TEXT, n NUMERIC, kind TEXT);
      INSERT INTO t (code, n, kind) VALUES ('1', 1, 'a'), ('2', 2.5, 'b'), ('3', 3, 'a'), ('x', 4, 'b');`;
    plain.exec(setup);
    db.exec(setup);
    const texts = [
      'SELECT "id", "code" FROM "t" WHERE "t"."id" = 2',
      'SELECT "id", "code" FROM "t" WHERE "t"."id" = 3',
      'SELECT "id" FROM "t" WHERE "code" = 1 ORDER BY "id"', // TEXT column: affinity applies to a bound value too
      'SELECT "id" FROM "t" WHERE "n" > 2 AND "kind" IN (?) ORDER BY "id"',
      'SELECT "id" FROM "t" WHERE "id" IN (1, 3, 4) ORDER BY "id"',
      'SELECT "id" FROM "t" WHERE "id" IN (2, 4, 1) ORDER BY "id"',
    ];
    const run = (d: Database.Database, sql: string) => (d.prepare(sql) as Database.Statement).all(...(sql.includes('?') ? ['b'] : []));
    for (const sql of texts) expect(run(db, sql), sql).toEqual(run(plain, sql));
    expect(run(db, texts[0])).toEqual([{ id: 2, code: '2' }]);
    expect(run(db, texts[1])).toEqual([{ id: 3, code: '3' }]);
    expect(run(db, texts[4])).toEqual([{ id: 1 }, { id: 3 }, { id: 4 }]);
    // ids 2 and 3 share a statement, the two lists of three too
    expect([...db.statementCache.keys()].sort()).toEqual([
      'SELECT "id" FROM "t" WHERE "code" = ? ORDER BY "id"',
      'SELECT "id" FROM "t" WHERE "id" IN (?, ?, ?) ORDER BY "id"',
      'SELECT "id" FROM "t" WHERE "n" > ? AND "kind" IN (?) ORDER BY "id"',
      'SELECT "id", "code" FROM "t" WHERE "t"."id" = ?',
    ]);
    const insert = 'INSERT INTO "t"("code", "n", "kind") VALUES (?, 10, ?), (?, 11, lower(?))';
    expect((db.prepare(insert) as Database.Statement).run('y', 'b', 'z', 'B').changes).toBe(2);
    expect((db.prepare('SELECT "code", "n", "kind" FROM "t" WHERE "id" > 4 ORDER BY "id"') as Database.Statement).all()).toEqual([
      { code: 'y', n: 10, kind: 'b' },
      { code: 'z', n: 11, kind: 'b' },
    ]);
    const update = db.prepare('UPDATE "t" SET "kind" = ?, "n" = 7 WHERE "id" = 4') as Database.Statement;
    expect(update.reader).toBe(false);
    expect(update.run('c').changes).toBe(1);
    expect((db.prepare('SELECT "kind", "n", typeof("n") AS "type" FROM "t" WHERE "id" = 4') as Database.Statement).get()).toEqual({
      kind: 'c',
      n: 7,
      type: 'integer',
    });
    plain.close();
    db.close();
  });
});
