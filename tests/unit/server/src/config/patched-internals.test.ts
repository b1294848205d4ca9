// @vitest-environment node
// Our patches of dependency internals (issue 37 §4): each pinned to the dependency versions it was
// verified against, so an upgrade of typeorm or better-sqlite3 fails here with what to re-verify;
// each switched off by its own variable.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import Database from 'better-sqlite3';
import { QueryBuilder } from 'typeorm/query-builder/QueryBuilder';
import { describe, expect, it } from 'vitest';

import { PATCHED_INTERNALS, patchesFromEnv, unverifiedPatches } from '../../../../../server/src/config/patched-internals';
import { buildConfig } from '../../../../../server/src/vendure-config';

const root = path.resolve(__dirname, '../../../../..');
const configDir = path.join(root, 'server/src/config/');

/** The file `pkg` resolves to from `from` (a file path), or undefined when it is not installed. */
function resolveFrom(from: string, pkg: string): string | undefined {
  try {
    return createRequire(from).resolve(pkg);
  } catch {
    return undefined;
  }
}

/** The version of the copy of `pkg` that `from` loads: its entry, then up to its own package.json. */
function versionFrom(from: string, pkg: string): string | undefined {
  const entry = resolveFrom(from, pkg);
  if (!entry) return undefined;
  for (let dir = path.dirname(entry); dir !== path.dirname(dir); dir = path.dirname(dir)) {
    try {
      const json = JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8')) as { name?: string; version?: string };
      if (json.name === pkg) return json.version;
    } catch {
      // no package.json here: go up
    }
  }
  return undefined;
}

// As Vendure loads them: TypeORM from @vendure/core, better-sqlite3 from TypeORM's driver
// (PlatformTools.load('better-sqlite3') requires it from TypeORM's own directory).
const vendureCore = resolveFrom(path.join(root, 'package.json'), '@vendure/core')!;
const typeormEntry = resolveFrom(vendureCore, 'typeorm')!;
const installed = {
  typeorm: versionFrom(vendureCore, 'typeorm'),
  'better-sqlite3': versionFrom(typeormEntry, 'better-sqlite3'),
};

describe('patches of dependency internals', () => {
  it('were verified against the typeorm and better-sqlite3 installed', () => {
    const messages = unverifiedPatches(installed);
    if (messages.length > 0) throw new Error(`Patched internals not verified against the installed versions:\n\n${messages.join('\n\n')}`);
    expect(Object.values(installed).every(Boolean)).toBe(true);
  });

  it('patch the TypeORM and better-sqlite3 Vendure runs (no second copy beside ours)', () => {
    expect(resolveFrom(configDir, 'typeorm')).toBe(typeormEntry);
    expect(resolveFrom(configDir, 'better-sqlite3')).toBe(resolveFrom(typeormEntry, 'better-sqlite3'));
  });

  it('on another version, name the patch, the versions, what to re-verify and how to run without it', () => {
    // the versions every patch is pinned to, with one changed at a time
    const pinned: Record<string, string> = Object.assign({}, ...PATCHED_INTERNALS.map((p) => p.verifiedAgainst));
    const messages = unverifiedPatches({ ...pinned, 'better-sqlite3': '13.0.0' });
    expect(messages).toHaveLength(2);
    const [shared, bound] = messages;
    expect(shared).toMatch(
      /^shareStatements \(server\/src\/config\/sqlite-statements\.ts, docs\/decisions\/024-shared-sqlite-statements\.md\)/,
    );
    expect(shared).toContain(`better-sqlite3 13.0.0 is installed, verified against ${pinned['better-sqlite3']}`);
    expect(shared).toContain("TypeORM's BetterSqlite3QueryRunner");
    expect(shared).toContain('SQLITE_SHARED_STATEMENTS=off runs without it');
    expect(bound).toMatch(/^bindLiterals .*026-sqlite-literals-bound\.md/);
    expect(bound).toContain('SQLITE_BIND_LITERALS=off');

    const [memo] = unverifiedPatches({ ...pinned, typeorm: '0.4.0' }).filter((m) => m.startsWith('memoizeQueryText'));
    expect(memo).toContain(`typeorm 0.4.0 is installed, verified against ${pinned.typeorm}`);
    expect(memo).toContain('replacePropertyNamesForTheWholeQuery');
    expect(memo).toContain('TYPEORM_QUERY_MEMO=off');
    expect(unverifiedPatches({ ...pinned, typeorm: undefined })[0]).toContain(
      `typeorm is not installed, verified against ${pinned.typeorm}`,
    );
  });

  it('are each documented with their variable in .env.example, server/README.md and their decision record', () => {
    const envExample = readFileSync(path.join(root, '.env.example'), 'utf8');
    const serverReadme = readFileSync(path.join(root, 'server/README.md'), 'utf8');
    for (const patch of PATCHED_INTERNALS) {
      expect(envExample).toContain(`# ${patch.variable}=off`);
      expect(serverReadme).toContain(`| \`${patch.variable}\` | on |`);
      expect(readFileSync(path.join(root, patch.decision), 'utf8')).toContain(`${patch.variable}=off`);
    }
  });
});

describe('switching a patch off', () => {
  /** The embedded SQLite connection as buildConfig(env) prepares it, and the texts SQLite was asked to prepare. */
  function connection(env: NodeJS.ProcessEnv) {
    const options = buildConfig({ DATA_DIR: '/tmp/patched-internals-test', ...env }).dbConnectionOptions as {
      prepareDatabase: (db: unknown) => void;
    };
    const db = new Database(':memory:');
    db.exec('CREATE TABLE t (id INTEGER PRIMARY KEY, name TEXT)');
    db.exec("INSERT INTO t (id, name) VALUES (7, 'seven')");
    const prepared: string[] = [];
    const prepare = db.prepare.bind(db);
    db.prepare = ((sql: string) => (prepared.push(sql), prepare(sql))) as typeof db.prepare;
    options.prepareDatabase(db);
    return { db, prepared };
  }
  const byId = 'SELECT "t"."name" FROM "t" WHERE "t"."id" = 7';

  it('TYPEORM_QUERY_MEMO=off leaves TypeORM its own method; on by default', () => {
    const proto = QueryBuilder.prototype as unknown as Record<symbol, unknown>;
    const memo = Symbol.for('storefront.typeormQueryMemo');
    buildConfig({ DATA_DIR: '/tmp/patched-internals-test', TYPEORM_QUERY_MEMO: 'off' });
    expect(proto[memo]).toBeUndefined();
    buildConfig({ DATA_DIR: '/tmp/patched-internals-test' });
    expect(proto[memo]).toBeInstanceOf(Map);
  });

  it('by default the embedded SQLite shares statements and binds ids', () => {
    const { db, prepared } = connection({});
    expect((db.prepare(byId) as Database.Statement).get()).toEqual({ name: 'seven' });
    expect((db.prepare(byId) as Database.Statement).get()).toEqual({ name: 'seven' });
    expect(prepared).toEqual(['SELECT "t"."name" FROM "t" WHERE "t"."id" = ?']);
  });

  it('SQLITE_SHARED_STATEMENTS=off prepares every call, ids still bound', () => {
    const { db, prepared } = connection({ SQLITE_SHARED_STATEMENTS: 'off' });
    expect((db.prepare(byId) as Database.Statement).get()).toEqual({ name: 'seven' });
    expect((db.prepare(byId) as Database.Statement).get()).toEqual({ name: 'seven' });
    expect(prepared).toEqual(Array(2).fill('SELECT "t"."name" FROM "t" WHERE "t"."id" = ?'));
  });

  it('SQLITE_BIND_LITERALS=off prepares TypeORM’s text as written, still shared', () => {
    const { db, prepared } = connection({ SQLITE_BIND_LITERALS: 'off' });
    expect(db.prepare(byId)).toBe(db.prepare(byId));
    expect(prepared).toEqual([byId]);
  });

  it('both off: better-sqlite3’s own prepare', () => {
    const { db, prepared } = connection({ SQLITE_SHARED_STATEMENTS: 'off', SQLITE_BIND_LITERALS: ' OFF ' });
    expect(db.prepare(byId)).not.toBe(db.prepare(byId));
    expect(prepared).toEqual([byId, byId]);
  });

  it('refuses any value but on and off, naming the variable', () => {
    expect(patchesFromEnv({ SQLITE_SHARED_STATEMENTS: 'on', TYPEORM_QUERY_MEMO: '' })).toEqual({
      shareStatements: true,
      bindLiterals: true,
      memoizeQueryText: true,
    });
    expect(() => buildConfig({ DATA_DIR: '/tmp/patched-internals-test', SQLITE_BIND_LITERALS: 'false' })).toThrow(
      'SQLITE_BIND_LITERALS must be "on" or "off" (bindLiterals, docs/decisions/026-sqlite-literals-bound.md), not "false"',
    );
  });
});
