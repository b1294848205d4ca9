#!/usr/bin/env node
// Precompressed copies of the hashed client build (decision 009), written once at build time next
// to each file: `<file>.br` (brotli, quality 11) and `<file>.gz` (gzip by Zopfli, ~4 % smaller
// than zlib's best). src/server/precompressed.mjs serves them; compressing on every request
// would cost CPU per request and give larger files (the middleware uses fast levels).
//
//   node src/server/precompress.mjs build/client/_app      (npm run build:web runs it)
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants } from 'node:zlib';
import { gzipAsync } from '@gfx/zopfli';

/** Text formats worth compressing; images and fonts are compressed already. */
export const COMPRESSIBLE = /\.(js|mjs|css|svg|json|map|txt|xml|webmanifest)$/;

/** Files smaller than this go as they are (the headers cost more than compression saves). */
const MIN_BYTES = 512;

/** Writes .br and .gz next to every compressible file under `dir`; returns what it wrote. */
export async function precompressDir(dir) {
  const written = [];
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    const file = join(entry.parentPath, entry.name);
    if (!entry.isFile() || !COMPRESSIBLE.test(file) || statSync(file).size < MIN_BYTES) continue;
    const body = readFileSync(file);
    const br = brotliCompressSync(body, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
      },
    });
    const gz = Buffer.from(await gzipAsync(body, { numiterations: 15 }));
    // Only copies that are smaller: otherwise the file goes as it is.
    if (br.length < body.length) writeFileSync(`${file}.br`, br);
    if (gz.length < body.length) writeFileSync(`${file}.gz`, gz);
    written.push({ file, raw: body.length, br: br.length, gz: gz.length });
  }
  return written;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const dir = process.argv[2];
  if (!dir) {
    console.error('usage: node src/server/precompress.mjs <dir>');
    process.exit(2);
  }
  const started = Date.now();
  const written = await precompressDir(resolve(dir));
  const sum = (key) => written.reduce((total, w) => total + w[key], 0);
  console.log(
    `[precompress] ${written.length} files in ${Date.now() - started} ms: ${(sum('raw') / 1024).toFixed(0)} KiB -> ` +
      `brotli ${(sum('br') / 1024).toFixed(0)} KiB, gzip ${(sum('gz') / 1024).toFixed(0)} KiB`,
  );
}
