#!/usr/bin/env node
// Builds and their ids (decision 017).
//
// - The build id is React Router's manifest version (`build/client/_app/manifest-<id>.js`, the
//   server build's `assets.version`, `window.__reactRouterManifest.version` in every page).
// - `stamp`: writes it into the service worker (`build/client/sw.js`), so a new build's worker
//   drops the old caches on activation; nobody bumps a version by hand.
// - `keep`: run before `react-router build` (which empties build/): copies the hashed files of the
//   build about to be replaced into the previous-builds directory, where the storefront server
//   still finds them (a page opened before a deploy loads its route chunks after it). The files of
//   the last PREVIOUS_BUILDS_KEEP (3) builds are kept; older ones are deleted.
//
//   node src/server/builds.mjs keep  [buildDir] [previousDir]      (npm run build:web runs both)
//   node src/server/builds.mjs stamp [buildDir]
import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

/** Where the previous builds' hashed files live (outside build/, which every build empties). */
export function previousBuildsDir(env = process.env) {
  return resolve(root, env.PREVIOUS_BUILDS_DIR || 'build-previous');
}

/** The id of the client build in `appDir` (build/client/_app), or null when there is none. */
export function buildIdOf(appDir) {
  if (!existsSync(appDir)) return null;
  const ids = readdirSync(appDir)
    .map((name) => /^manifest-([\w-]+)\.js$/.exec(name)?.[1])
    .filter(Boolean);
  if (ids.length > 1) throw new Error(`${appDir} holds ${ids.length} React Router manifests (${ids.join(', ')}); expected one`);
  return ids[0] ?? null;
}

/** The placeholder public/sw.js carries where the build id goes. */
export const SW_VERSION_PATTERN = /const VERSION = '[^']*';/;

/** The service worker source with the build id as its cache version. */
export function stampServiceWorker(source, buildId) {
  if (!SW_VERSION_PATTERN.test(source)) throw new Error("sw.js has no `const VERSION = '…';` to stamp the build id into");
  return source.replace(SW_VERSION_PATTERN, `const VERSION = '${buildId}';`);
}

export function stamp(buildDir) {
  const id = buildIdOf(join(buildDir, 'client/_app'));
  if (!id) throw new Error(`no React Router manifest in ${join(buildDir, 'client/_app')}: build first`);
  const sw = join(buildDir, 'client/sw.js');
  writeFileSync(sw, stampServiceWorker(readFileSync(sw, 'utf8'), id));
  return id;
}

function filesUnder(dir) {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => relative(dir, join(entry.parentPath, entry.name)).split(sep).join('/'));
}

/**
 * Copies the hashed files of the build in `buildDir` to `previousDir/_app` and records them in
 * `previousDir/builds.json` (newest last). Keeps the files of the newest `keep` builds and deletes
 * the rest. Returns what it did.
 */
export function keepPrevious(buildDir, previousDir, { keep = 3, now = Date.now() } = {}) {
  const appDir = join(buildDir, 'client/_app');
  const id = buildIdOf(appDir);
  if (!id) return { id: null, copied: 0, deleted: 0 };
  const listPath = join(previousDir, 'builds.json');
  const list = existsSync(listPath) ? JSON.parse(readFileSync(listPath, 'utf8')) : [];
  const files = filesUnder(appDir);
  let copied = 0;
  for (const file of files) {
    const target = join(previousDir, '_app', file);
    if (existsSync(target)) continue;
    mkdirSync(dirname(target), { recursive: true });
    copyFileSync(join(appDir, file), target);
    copied++;
  }
  const builds = [...list.filter((b) => b.id !== id), { id, savedAt: new Date(now).toISOString(), files }].slice(-Math.max(1, keep));
  const wanted = new Set(builds.flatMap((b) => b.files));
  let deleted = 0;
  if (existsSync(join(previousDir, '_app'))) {
    for (const file of filesUnder(join(previousDir, '_app'))) {
      if (wanted.has(file)) continue;
      rmSync(join(previousDir, '_app', file));
      deleted++;
    }
  }
  mkdirSync(previousDir, { recursive: true });
  writeFileSync(listPath, `${JSON.stringify(builds, null, 1)}\n`);
  return { id, copied, deleted };
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const [command, dirArg, previousArg] = process.argv.slice(2);
  const buildDir = resolve(root, dirArg || process.env.BUILD_DIR || 'build');
  if (command === 'stamp') {
    console.log(`[builds] build ${stamp(buildDir)}: service worker stamped`);
  } else if (command === 'keep') {
    const previousDir = previousArg ? resolve(root, previousArg) : previousBuildsDir();
    const keep = Number.parseInt(process.env.PREVIOUS_BUILDS_KEEP ?? '', 10);
    const done = keepPrevious(buildDir, previousDir, { keep: Number.isFinite(keep) && keep > 0 ? keep : 3 });
    console.log(
      done.id
        ? `[builds] kept build ${done.id} in ${relative(root, previousDir) || previousDir}: ${done.copied} files copied, ${done.deleted} of older builds deleted`
        : '[builds] no previous build to keep',
    );
  } else {
    console.error('usage: node src/server/builds.mjs keep|stamp [buildDir] [previousDir]');
    process.exit(2);
  }
}
