#!/usr/bin/env node
// Restores package-lock.json entries for optional platform binaries (e.g. @swc/core-darwin-arm64)
// that `npm install` leaves out when the registry it reaches does not serve them (the registry of
// this project's machines answers 404 for most non-linux-x64 binaries). Without those entries npm 11's
// `npm ci` refuses the lock ("Missing: @swc/core-darwin-arm64@ from lock file"), while on the machine
// itself npm skips them anyway: they are optional and marked with their os/cpu here.
//
//   node tests/tools/lock-platform-entries.mjs           add the missing entries (idempotent)
//   node tests/tools/lock-platform-entries.mjs --check   list them; exit 1 when some are missing
import { readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const OS = ['darwin', 'linux', 'win32', 'android', 'freebsd', 'openbsd', 'netbsd', 'sunos', 'aix', 'openharmony'];
const CPU = ['arm64', 'x64', 'arm', 'ia32', 'ppc64', 's390x', 'riscv64', 'loong64', 'wasm32', 'mips64el'];

/** os / cpu / libc of a platform package, read from its name (`…-linux-arm64-musl`). */
export function platformOf(name) {
  const tokens = name.split('/').pop().split('-');
  const out = {};
  const os = tokens.find((t) => OS.includes(t));
  const cpu = tokens.find((t) => CPU.includes(t)) ?? (tokens.includes('eabi') || tokens.includes('gnueabihf') ? 'arm' : undefined);
  if (os) out.os = [os];
  if (cpu) out.cpu = [cpu];
  if (os === 'linux' && tokens.includes('musl')) out.libc = ['musl'];
  else if (os === 'linux' && tokens.some((t) => t.startsWith('gnu'))) out.libc = ['glibc'];
  return out;
}

/** Candidate locations for `dep` seen from the package at `parentPath`, nearest first. */
function candidates(parentPath, dep) {
  const out = [];
  let base = parentPath;
  for (;;) {
    out.push(`${base ? `${base}/` : ''}node_modules/${dep}`);
    if (!base) return out;
    const i = base.lastIndexOf('/node_modules/');
    base = i >= 0 ? base.slice(0, i) : '';
  }
}

const exact = (spec) => String(spec).replace(/^[\^~=v]/, '');

/** Entries to add: [[location, entry]]. */
export function missingPlatformEntries(lock) {
  const packages = lock.packages ?? {};
  const add = new Map();
  const at = (loc) => packages[loc] ?? add.get(loc);
  for (const [path, pkg] of Object.entries(packages)) {
    if (path === '') continue;
    for (const [dep, spec] of Object.entries(pkg.optionalDependencies ?? {})) {
      const platform = platformOf(dep);
      if (!platform.os && !platform.cpu) continue; // not a platform binary: leave it to npm
      const version = exact(spec);
      // Node resolution: the nearest entry wins; if it has another version, ours is missing.
      const cands = candidates(path, dep);
      const nearest = cands.find((c) => at(c));
      if (nearest && at(nearest).version === version) continue;
      // npm hoists as high as it can without passing an entry of another version
      const blockedAt = nearest ? cands.indexOf(nearest) : cands.length;
      const location = cands[Math.max(0, blockedAt - 1)];
      add.set(location, { version, ...(pkg.dev ? { dev: true } : {}), optional: true, ...platform });
    }
  }
  return [...add.entries()];
}

function main() {
  const file = resolve(process.cwd(), 'package-lock.json');
  const text = readFileSync(file, 'utf8');
  const lock = JSON.parse(text);
  const missing = missingPlatformEntries(lock);
  for (const [location, e] of missing) console.log(`${location}@${e.version} (${[e.os, e.cpu, e.libc].flat().filter(Boolean).join(' ')})`);
  if (process.argv.includes('--check')) {
    console.log(
      missing.length
        ? `${missing.length} optional platform entries missing from package-lock.json`
        : 'package-lock.json: platform entries complete',
    );
    process.exitCode = missing.length ? 1 : 0;
    return;
  }
  if (!missing.length) {
    console.log('package-lock.json: platform entries complete');
    return;
  }
  const packages = { ...lock.packages };
  for (const [location, entry] of missing) packages[location] = entry;
  // npm writes packages sorted by location ('' first)
  lock.packages = Object.fromEntries(
    Object.entries(packages).sort(([a], [b]) => (a === '' ? -1 : b === '' ? 1 : a.localeCompare(b, 'en'))),
  );
  writeFileSync(file, `${JSON.stringify(lock, null, 2)}\n`);
  console.log(`added ${missing.length} optional platform entries to package-lock.json`);
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) main();
