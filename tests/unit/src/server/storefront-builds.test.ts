// @vitest-environment node
import type http from 'node:http';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// @ts-expect-error -- plain ESM server module without type declarations
import { createApp } from '../../../../src/server/storefront.mjs';
import { fakeServerBuild } from '../../helpers/server-build';

let root = '';
let front: http.Server;
let base = '';

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'storefront-builds-'));
  const write = (path: string, body: string) => {
    mkdirSync(join(root, path, '..'), { recursive: true });
    writeFileSync(join(root, path), body);
  };
  write('build/client/_app/entry-NEW.js', 'export const build = "new";');
  write('previous/_app/route-OLD.js', 'export const build = "old";');
  write('previous/_app/entry-NEW.js', 'stale copy: never served while the current build has the file');
  const build = fakeServerBuild({
    assets: { routes: {}, entry: { module: '', imports: [] }, url: '/_app/manifest-c0ffee42.js', version: 'c0ffee42' },
  });
  const { server } = await createApp({
    build,
    shopApiUrl: 'http://127.0.0.1:9/shop-api',
    buildDir: join(root, 'build'),
    previousDir: join(root, 'previous'),
  });
  front = server;
  await new Promise<void>((r) => front.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(front.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise((r) => front.close(r));
  rmSync(root, { recursive: true, force: true });
});

describe('the latest-build check and the previous builds', () => {
  it('answers /_app/build.json with the id of the build it serves, never cacheable', async () => {
    const res = await fetch(`${base}/_app/build.json?t=1`);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(await res.json()).toEqual({ id: 'c0ffee42' });
  });

  it("serves a previous build's hashed chunk after a new build replaced it", async () => {
    const res = await fetch(`${base}/_app/route-OLD.js`);
    expect(res.status).toBe(200);
    expect(await res.text()).toBe('export const build = "old";');
    expect(res.headers.get('cache-control')).toContain('immutable');
  });

  it('serves the current build first', async () => {
    expect(await (await fetch(`${base}/_app/entry-NEW.js`)).text()).toBe('export const build = "new";');
  });
});
