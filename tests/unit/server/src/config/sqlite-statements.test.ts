// @vitest-environment node
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';

import { shareStatements } from '../../../../../server/src/config/sqlite-statements';

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
