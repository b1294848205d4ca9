// Pure URL and size rules of the image component. Asset URLs point at Vendure's asset server
// (site-relative /assets/..., proxied by the storefront server), which resizes on request.

/** Vendure asset presets (server/src/vendure-config.ts, IMAGE_PRESETS). */
export const IMAGE_PRESETS = {
  tiny: { width: 50, height: 50, mode: 'crop' },
  thumb: { width: 150, height: 150, mode: 'crop' },
  small: { width: 300, height: 300, mode: 'resize' },
  medium: { width: 500, height: 500, mode: 'resize' },
  large: { width: 800, height: 800, mode: 'resize' },
  xlarge: { width: 1200, height: 1200, mode: 'resize' },
} as const;
export type ImagePreset = keyof typeof IMAGE_PRESETS;

/** Spec §9: image screens xs 320 … xxl 1536 and densities 1 and 2. */
export const IMAGE_SCREENS = { xs: 320, sm: 640, md: 768, lg: 1024, xl: 1280, xxl: 1536 } as const;
export const IMAGE_DENSITIES = [1, 2] as const;
/**
 * Also offered: 1.25x, 1.5x and 1.75x, so phones between 1 and 2 device pixels per CSS pixel do not
 * fetch the next bigger file. The browser takes the smallest candidate at least as dense as the
 * screen: a card 46vw wide on a 412 px phone at 1.75 (Lighthouse's phone) needs 332 px, and took the
 * 450 px file (1.5x of 300) where the 375 px one (1.25x) has ~30 % fewer bytes.
 */
const IN_BETWEEN_DENSITIES = [1.25, 1.5, 1.75];

/**
 * What the shop's pages show: WebP at quality 75 (the asset server's `format` and `q`; every
 * browser the shop supports decodes WebP). A 600 px product crop: JPEG (quality 80) 73 KB, this
 * 42-48 KB. Images for other sites (og:image) keep the original format: `presetUrl(src, p, null)`.
 */
export const DISPLAY_ENCODING = { format: 'webp', q: 75 } as const;

/** Width-height ratio such as "1-1" (the spec's default) or "4-3". */
export type ImageRatio = `${number}-${number}`;
export const DEFAULT_RATIO: ImageRatio = '1-1';

export function parseRatio(ratio: ImageRatio): { w: number; h: number } {
  const [w, h] = ratio.split('-').map(Number);
  if (!w || !h || w <= 0 || h <= 0) throw new Error(`<Image>: ratio must look like "4-3", got ${JSON.stringify(ratio)}`);
  return { w, h };
}

export function heightFor(width: number, ratio: ImageRatio): number {
  const { w, h } = parseRatio(ratio);
  return Math.round((width * h) / w);
}

interface Focal {
  x: number;
  y: number;
}

function withParams(src: string, params: Record<string, string | number>): string {
  // Asset URLs have no query of their own: joined directly (the same text URLSearchParams writes),
  // since a page's cards build a few hundred of these while they hydrate.
  if (!src.includes('?')) {
    let query = '';
    for (const key in params) query += `${query ? '&' : ''}${encodeURIComponent(key)}=${encodeURIComponent(String(params[key]))}`;
    return `${src}?${query}`;
  }
  const [path, query = ''] = src.split('?', 2) as [string, string?];
  const search = new URLSearchParams(query);
  for (const [k, v] of Object.entries(params)) search.set(k, String(v));
  return `${path}?${search.toString()}`;
}

/** A crop of `width` x ratio, around the asset's focal point when it has one. */
export function cropUrl(src: string, width: number, ratio: ImageRatio, focalPoint?: Focal | null): string {
  const params: Record<string, string | number> = { w: width, h: heightFor(width, ratio), mode: 'crop' };
  if (focalPoint) {
    params.fpx = Number(focalPoint.x.toFixed(3));
    params.fpy = Number(focalPoint.y.toFixed(3));
  }
  return withParams(src, { ...params, ...DISPLAY_ENCODING });
}

/** A preset of the asset server, encoded for the shop's pages (or as stored with `null`). */
export function presetUrl(src: string, preset: ImagePreset, encoding: typeof DISPLAY_ENCODING | null = DISPLAY_ENCODING): string {
  return withParams(src, { preset, ...encoding });
}

/**
 * The candidate widths for a picture shown at most `width` CSS pixels wide: the spec's screens
 * up to twice that (density 2), plus the exact 1x, 1.5x and 2x widths, so small images get small
 * files.
 */
export function candidateWidths(width: number): number[] {
  const max = width * Math.max(...IMAGE_DENSITIES);
  const densities = [...IMAGE_DENSITIES, ...IN_BETWEEN_DENSITIES];
  const set = new Set<number>([...Object.values(IMAGE_SCREENS), ...densities.map((d) => Math.round(width * d))]);
  return [...set].filter((w) => w <= max).sort((a, b) => a - b);
}

export function cropSrcSet(src: string, width: number, ratio: ImageRatio, focalPoint?: Focal | null): string {
  return candidateWidths(width)
    .map((w) => `${cropUrl(src, w, ratio, focalPoint)} ${w}w`)
    .join(', ');
}

/** For preset images: the preset at 1x and the next preset at least twice as wide at 2x. */
export function presetSrcSet(src: string, preset: ImagePreset): string {
  const base = IMAGE_PRESETS[preset];
  const double = (Object.keys(IMAGE_PRESETS) as ImagePreset[]).find(
    (p) => IMAGE_PRESETS[p].width >= base.width * 2 && IMAGE_PRESETS[p].mode === base.mode,
  );
  const parts = [`${presetUrl(src, preset)} 1x`];
  if (double) parts.push(`${presetUrl(src, double)} 2x`);
  return parts.join(', ');
}
