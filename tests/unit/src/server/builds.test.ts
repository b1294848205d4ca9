// @vitest-environment node
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { buildIdOf, keepPrevious, stamp, stampServiceWorker } from '../../../../src/server/builds.mjs';

const dirs: string[] = [];
afterEach(() => dirs.splice(0).forEach((d) => rmSync(d, { recursive: true, force: true })));

/** A build directory as `react-router build` leaves it: hashed files and one manifest under client/_app. */
function fakeBuild(id: string, files: Record<string, string>) {
  const dir = mkdtempSync(join(tmpdir(), 'builds-'));
  dirs.push(dir);
  const all = { [`manifest-${id}.js`]: `window.__reactRouterManifest={"version":"${id}"}`, ...files };
  for (const [name, body] of Object.entries(all)) {
    const file = join(dir, 'client/_app', name);
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, body);
  }
  writeFileSync(join(dir, 'client/sw.js'), readFileSync(new URL('../../../../public/sw.js', import.meta.url), 'utf8'));
  return dir;
}

function tempDir() {
  const dir = mkdtempSync(join(tmpdir(), 'previous-'));
  dirs.push(dir);
  return dir;
}

describe('build id and the service worker', () => {
  it('is the React Router manifest version of the client build', () => {
    expect(buildIdOf(join(fakeBuild('1a2b3c4d', {}), 'client/_app'))).toBe('1a2b3c4d');
    expect(buildIdOf('/nonexistent/_app')).toBeNull();
  });

  it('is written into the service worker as its cache version (the source carries a placeholder)', () => {
    const source = readFileSync(new URL('../../../../public/sw.js', import.meta.url), 'utf8');
    expect(source).toMatch(/const VERSION = 'unbuilt';/);
    const build = fakeBuild('9f8e7d6c', {});
    expect(stamp(build)).toBe('9f8e7d6c');
    const stamped = readFileSync(join(build, 'client/sw.js'), 'utf8');
    expect(stamped).toContain("const VERSION = '9f8e7d6c';");
    expect(stamped).not.toContain('unbuilt');
    // the caches are named after it, so a new build's worker deletes the previous build's caches
    expect(stamped).toContain('const BUILD_CACHE = `build-${VERSION}`;');
  });

  it('refuses a worker without the placeholder instead of silently keeping one version', () => {
    expect(() => stampServiceWorker("const CACHE = 'x';", 'abc')).toThrow(/VERSION/);
  });
});

describe('keeping the previous builds', () => {
  it('copies the hashed files of the build being replaced, and serves them again after the next build', () => {
    const previous = tempDir();
    const first = fakeBuild('aaaa1111', { 'about-OLD.js': 'old about', 'nested/x-OLD.css': 'old css' });
    expect(keepPrevious(first, previous, { keep: 3 })).toEqual({ id: 'aaaa1111', copied: 3, deleted: 0 });
    expect(readFileSync(join(previous, '_app/about-OLD.js'), 'utf8')).toBe('old about');
    expect(readFileSync(join(previous, '_app/nested/x-OLD.css'), 'utf8')).toBe('old css');
    const list = JSON.parse(readFileSync(join(previous, 'builds.json'), 'utf8'));
    expect(list.map((b: { id: string }) => b.id)).toEqual(['aaaa1111']);
  });

  it('keeps the newest `keep` builds and deletes files only older builds used', () => {
    const previous = tempDir();
    keepPrevious(fakeBuild('b1', { 'shared.js': 's', 'one.js': '1' }), previous, { keep: 2 });
    keepPrevious(fakeBuild('b2', { 'shared.js': 's', 'two.js': '2' }), previous, { keep: 2 });
    const third = keepPrevious(fakeBuild('b3', { 'shared.js': 's', 'three.js': '3' }), previous, { keep: 2 });
    expect(third.deleted).toBe(2); // one.js and manifest-b1.js
    expect(existsSync(join(previous, '_app/one.js'))).toBe(false);
    expect(existsSync(join(previous, '_app/manifest-b1.js'))).toBe(false);
    for (const kept of ['shared.js', 'two.js', 'three.js', 'manifest-b2.js', 'manifest-b3.js']) {
      expect(existsSync(join(previous, '_app', kept))).toBe(true);
    }
    expect(JSON.parse(readFileSync(join(previous, 'builds.json'), 'utf8')).map((b: { id: string }) => b.id)).toEqual(['b2', 'b3']);
  });

  it('does nothing when there is no build yet (a fresh clone)', () => {
    const previous = tempDir();
    expect(keepPrevious('/nonexistent/build', previous)).toEqual({ id: null, copied: 0, deleted: 0 });
  });
});
