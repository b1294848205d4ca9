/**
 * The places where our server code replaces or wraps a dependency's internals, the dependency
 * versions each was verified against, the variable that switches it off, and what to check again
 * when one of those versions changes.
 *
 * `tests/unit/server/src/config/patched-internals.test.ts` compares `verifiedAgainst` with the
 * versions installed (as Vendure loads them) and fails, naming the patch and what to re-verify,
 * when they differ. After re-verifying, write the new versions here.
 */
export interface InternalsPatch {
  /** The function that installs the patch. */
  name: string;
  source: string;
  decision: string;
  /** Set to `off` to run without the patch (the dependency's own code runs instead). */
  variable: string;
  /** Exact versions of the packages whose internals it relies on. */
  verifiedAgainst: Readonly<Record<string, string>>;
  /** What to check against a new version before moving `verifiedAgainst` on. */
  reverify: string;
}

export const PATCHED_INTERNALS = [
  {
    name: 'shareStatements',
    source: 'server/src/config/sqlite-statements.ts',
    decision: 'docs/decisions/024-shared-sqlite-statements.md',
    variable: 'SQLITE_SHARED_STATEMENTS',
    verifiedAgainst: { 'better-sqlite3': '12.11.1', typeorm: '0.3.31' },
    reverify:
      "replaces better-sqlite3's Database#prepare on the embedded connection with one shared statement cache. Check that " +
      "TypeORM's BetterSqlite3QueryRunner still runs each statement with the synchronous all()/run() and never iterates one " +
      "while another query runs, and that better-sqlite3's Statement API (all/get/run/iterate) is unchanged; run " +
      'tests/unit/server/src/config/sqlite-statements.test.ts and npm run bench:shoppers (prepares per order).',
  },
  {
    name: 'bindLiterals',
    source: 'server/src/config/sqlite-statements.ts',
    decision: 'docs/decisions/026-sqlite-literals-bound.md',
    variable: 'SQLITE_BIND_LITERALS',
    verifiedAgainst: { 'better-sqlite3': '12.11.1', typeorm: '0.3.31' },
    reverify:
      'rewrites the SQL TypeORM writes (integer literals compared with a quoted column, in IN (...) lists and VALUES rows) into ' +
      'bound parameters before better-sqlite3 prepares it. Check the SQL shapes TypeORM writes for reloads, soft deletes, ' +
      'job updates and INSERTs, and that better-sqlite3 binds a BigInt as an INTEGER; run ' +
      'tests/unit/server/src/config/sqlite-statements.test.ts and count prepares under npm run bench:shoppers.',
  },
  {
    name: 'memoizeQueryText',
    source: 'server/src/config/typeorm-query-memo.ts',
    decision: 'docs/decisions/025-typeorm-query-memo.md',
    variable: 'TYPEORM_QUERY_MEMO',
    verifiedAgainst: { typeorm: '0.3.31' },
    reverify:
      "replaces TypeORM's non-public QueryBuilder.replacePropertyNamesForTheWholeQuery on the prototype. Check that it still " +
      'exists and reads nothing but the SQL text, expressionMap.aliases (name, metadata), expressionMap.aliasNamePrefixingEnabled ' +
      "and the driver (the memo's key); run tests/unit/server/src/config/typeorm-query-memo.test.ts.",
  },
] as const satisfies readonly InternalsPatch[];

export type PatchName = (typeof PATCHED_INTERNALS)[number]['name'];

/**
 * Which patches run: each is on unless its variable is `off` (`on` or unset: on). Any other value
 * is refused at boot with the variable's name, so a typo never silently leaves a patch on.
 */
export function patchesFromEnv(env: NodeJS.ProcessEnv): Record<PatchName, boolean> {
  const enabled = {} as Record<PatchName, boolean>;
  for (const patch of PATCHED_INTERNALS) {
    const raw = (env[patch.variable] ?? '').trim().toLowerCase();
    if (raw !== '' && raw !== 'on' && raw !== 'off') {
      throw new Error(
        `${patch.variable} must be "on" or "off" (${patch.name}, ${patch.decision}), not ${JSON.stringify(env[patch.variable])}`,
      );
    }
    enabled[patch.name] = raw !== 'off';
  }
  return enabled;
}

/**
 * The patches whose `verifiedAgainst` differs from `installed` (package name → version, `undefined`
 * when not installed), each as a message that names the patch, the versions, what to re-verify and
 * how to run without it meanwhile.
 */
export function unverifiedPatches(
  installed: Readonly<Record<string, string | undefined>>,
  patches: readonly InternalsPatch[] = PATCHED_INTERNALS,
): string[] {
  const messages: string[] = [];
  for (const patch of patches) {
    const drift = Object.entries(patch.verifiedAgainst)
      .filter(([pkg, version]) => installed[pkg] !== version)
      .map(
        ([pkg, version]) => `${pkg} ${installed[pkg] ? `${installed[pkg]} is installed` : 'is not installed'}, verified against ${version}`,
      );
    if (drift.length === 0) continue;
    messages.push(
      `${patch.name} (${patch.source}, ${patch.decision}): ${drift.join('; ')}. It ${patch.reverify} ` +
        `Then set its verifiedAgainst in server/src/config/patched-internals.ts. Until then ${patch.variable}=off runs without it.`,
    );
  }
  return messages;
}
