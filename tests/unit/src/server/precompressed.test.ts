// @vitest-environment node
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import express from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { precompressDir } from '../../../../src/server/precompress.mjs';
import { chooseEncoding, precompressedStatic } from '../../../../src/server/precompressed.mjs';

const js = `export const message = ${JSON.stringify('سلام '.repeat(400))};\n`;

describe('chooseEncoding', () => {
  const both = new Set(['br', 'gzip']);
  it('prefers brotli, then gzip, honouring q=0 and *', () => {
    expect(chooseEncoding('gzip, deflate, br, zstd', both)).toBe('br');
    expect(chooseEncoding('gzip, deflate', both)).toBe('gzip');
    expect(chooseEncoding('br;q=0, gzip;q=0.5', both)).toBe('gzip');
    expect(chooseEncoding('*', both)).toBe('br');
    expect(chooseEncoding('*;q=0', both)).toBeNull();
    expect(chooseEncoding('identity', both)).toBeNull();
    expect(chooseEncoding(undefined, both)).toBeNull();
    expect(chooseEncoding('br', new Set(['gzip']))).toBeNull();
  });
});

describe('precompressed build files', () => {
  let dir: string;
  let base: string;
  let server: http.Server;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'precompressed-'));
    mkdirSync(join(dir, 'nested'));
    writeFileSync(join(dir, 'app-abc.js'), js);
    writeFileSync(join(dir, 'nested', 'icons.svg'), `<svg xmlns="http://www.w3.org/2000/svg">${'<path d="M0 0h1"/>'.repeat(100)}</svg>`);
    writeFileSync(join(dir, 'tiny.js'), 'export {};\n');
    const written = await precompressDir(dir);
    expect(written.map((w) => w.file).sort()).toEqual([join(dir, 'app-abc.js'), join(dir, 'nested', 'icons.svg')]);
    const app = express();
    app.use('/_app', precompressedStatic(dir, { immutable: true, maxAge: '1y' }));
    app.use('/_app', express.static(dir));
    server = app.listen(0, '127.0.0.1');
    await new Promise((done) => server.once('listening', done));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => {
    server.close();
    rmSync(dir, { recursive: true, force: true });
  });

  /** Raw response (Node's fetch would decode the body). */
  const get = (path: string, acceptEncoding?: string, method = 'GET') =>
    new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }>((done, fail) => {
      const req = http.request(
        `${base}${path}`,
        { method, headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding } },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () => done({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
        },
      );
      req.on('error', fail);
      req.end();
    });

  it('sends brotli to a browser, with the original type, caching and Vary', async () => {
    const res = await get('/_app/app-abc.js', 'gzip, deflate, br, zstd');
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/^text\/javascript/);
    expect(res.headers.vary).toMatch(/Accept-Encoding/);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(res.body).toString()).toBe(js);
    expect(res.body.length).toBeLessThan(Buffer.byteLength(js) / 4);
  });

  it('sends the Zopfli gzip copy to a gzip-only client, smaller than zlib level 9', async () => {
    const res = await get('/_app/nested/icons.svg', 'gzip');
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.headers['content-type']).toMatch(/^image\/svg\+xml/);
    expect(gunzipSync(res.body).toString()).toBe(readFileSync(join(dir, 'nested', 'icons.svg'), 'utf8'));
  });

  it('falls through to the plain file without an accepted coding, for small files and unknown paths', async () => {
    const plain = await get('/_app/app-abc.js', 'identity');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toBe(js);
    const tiny = await get('/_app/tiny.js', 'br');
    expect(tiny.headers['content-encoding']).toBeUndefined();
    expect(tiny.body.toString()).toBe('export {};\n');
    expect((await get('/_app/../app-abc.js', 'br')).headers['content-encoding']).toBeUndefined();
    expect((await get('/_app/missing.js', 'br')).status).toBe(404);
  });

  it('answers HEAD with the headers of the copy and no body', async () => {
    const res = await get('/_app/app-abc.js', 'br', 'HEAD');
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.body.length).toBe(0);
  });
});
