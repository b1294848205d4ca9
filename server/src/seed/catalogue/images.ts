import crypto from 'crypto';
import fs from 'fs';
import { createRequire } from 'module';
import os from 'os';
import path from 'path';
import sharp from 'sharp';

import { photoFile } from './data';

/**
 * Seed images cut from the photographs of the npm package `@vendure/create` (a dependency; the
 * photographs are read from node_modules, never copied into the repository). Unsplash licence;
 * photographers credited in docs/catalogue.md.
 *
 * JPEG throughout: ~3x faster than WebP to encode here, and Vendure's preview step is ~9x faster on it.
 */

let imagesDir: string | undefined;

/** assets/images of the installed @vendure/create package. */
export function photoDir(): string {
  if (!imagesDir) {
    const pkg = createRequire(__filename).resolve('@vendure/create/package.json');
    imagesDir = path.join(path.dirname(pkg), 'assets', 'images');
    if (!fs.existsSync(imagesDir)) throw new Error(`${imagesDir} is missing: is @vendure/create installed (npm ci)?`);
  }
  return imagesDir;
}

const originals = new Map<string, Buffer>();
function original(photo: string): Buffer {
  let b = originals.get(photo);
  if (!b) {
    b = fs.readFileSync(path.join(photoDir(), photoFile(photo)));
    originals.set(photo, b);
  }
  return b;
}

const jpeg = (s: sharp.Sharp) => s.jpeg({ quality: 82, mozjpeg: false }).toBuffer();

/**
 * Cut images are kept in the OS temp dir, keyed by what they are cut from and how: every seed
 * (each server test file seeds its own database) cuts the same images, and the attention crop of a
 * 1600 px photograph is the slow part. SEED_IMAGE_CACHE=off disables it.
 */
const CACHE_VERSION = 1;
async function cached(key: unknown[], make: () => Promise<Buffer>): Promise<Buffer> {
  if (process.env.SEED_IMAGE_CACHE === 'off') return make();
  const dir = path.join(os.tmpdir(), 'seed-photo-cache');
  const hash = crypto
    .createHash('sha1')
    .update(JSON.stringify([CACHE_VERSION, photoDir(), ...key]))
    .digest('hex');
  const file = path.join(dir, `${hash}.jpg`);
  try {
    return fs.readFileSync(file);
  } catch {
    const buffer = await make();
    try {
      fs.mkdirSync(dir, { recursive: true });
      const tmp = `${file}.${process.pid}.tmp`;
      fs.writeFileSync(tmp, buffer);
      fs.renameSync(tmp, file);
    } catch {
      // a read-only temp dir only costs the next seed the work
    }
    return buffer;
  }
}

export type View = 'main' | 'detail' | 'wide';

/**
 * A square product image (1000 px). `cover`: cropped around the photograph's most interesting
 * part; `contain`: the whole photograph over a blurred, enlarged copy of itself (for wide subjects
 * such as a sofa or a bike). `detail`: a 1.6x close-up of the cover crop.
 */
export function productImage(photo: string, view: 'main' | 'detail', fit: 'cover' | 'contain' = 'cover'): Promise<Buffer> {
  return cached(['product', photo, view, fit], () => cutProductImage(photo, view, fit));
}

async function cutProductImage(photo: string, view: 'main' | 'detail', fit: 'cover' | 'contain'): Promise<Buffer> {
  const src = original(photo);
  const size = 1000;
  if (view === 'detail') {
    const big = await sharp(src).resize(1600, 1600, { fit: 'cover', position: sharp.strategy.attention }).toBuffer();
    return jpeg(sharp(big).extract({ left: 300, top: 300, width: size, height: size }));
  }
  if (fit === 'contain') {
    const background = await sharp(src).resize(size, size, { fit: 'cover' }).blur(30).modulate({ brightness: 1.05 }).toBuffer();
    const front = await sharp(src).resize(size, size, { fit: 'inside' }).toBuffer();
    return jpeg(sharp(background).composite([{ input: front, gravity: 'centre' }]));
  }
  return jpeg(sharp(src).resize(size, size, { fit: 'cover', position: sharp.strategy.attention }));
}

/** A crop of the photograph at width x height (banners, covers), around its most interesting part. */
export function cropImage(photo: string, width: number, height: number): Promise<Buffer> {
  return cached(['crop', photo, width, height], () =>
    jpeg(sharp(original(photo)).resize(width, height, { fit: 'cover', position: sharp.strategy.attention })),
  );
}

function escapeXml(s: string) {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/**
 * A banner: a crop of the photograph with its caption on a dark band along the bottom (the text
 * is in the image, so the banner's title is also its alt text).
 */
export function captionedImage(photo: string, width: number, height: number, caption: string): Promise<Buffer> {
  return cached(['caption', photo, width, height, caption], () => cutCaptionedImage(photo, width, height, caption));
}

async function cutCaptionedImage(photo: string, width: number, height: number, caption: string): Promise<Buffer> {
  const band = Math.round(height * 0.26);
  const fontSize = Math.round(Math.min(band * 0.42, width / (caption.length * 0.62)));
  // Without an explicit direction librsvg lays out mixed Arabic/digit runs left-to-right.
  const rtl = /[\u0600-\u06FF]/.test(caption) ? ' direction="rtl"' : '';
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
<defs><linearGradient id="g" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#000" stop-opacity="0"/><stop offset="0.45" stop-color="#000" stop-opacity="0.55"/><stop offset="1" stop-color="#000" stop-opacity="0.7"/></linearGradient></defs>
<rect y="${height - band * 1.6}" width="${width}" height="${band * 1.6}" fill="url(#g)"/>
<text x="${width / 2}" y="${height - band / 2}" font-family="DejaVu Sans, sans-serif" font-size="${fontSize}" font-weight="700" fill="#fff" text-anchor="middle" dominant-baseline="middle"${rtl}>${escapeXml(caption)}</text>
</svg>`;
  const base = await sharp(original(photo)).resize(width, height, { fit: 'cover', position: sharp.strategy.attention }).toBuffer();
  return jpeg(sharp(base).composite([{ input: Buffer.from(svg), top: 0, left: 0 }]));
}
