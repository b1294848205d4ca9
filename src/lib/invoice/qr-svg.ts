/**
 * The invoice's QR code as SVG. Kept apart from zatca-qr.ts so the page can `import()` this
 * module (with uqr: 11 KiB minified, 4 KiB gzip) only when an invoice is shown. Views that build
 * their own `<svg>` in JSX can use `path` and `size` instead of the markup string.
 *
 * One unit of the viewBox is one module, with `crispEdges`, so the code stays sharp at any
 * scale; width/height in millimetres give it a print size that phone cameras read well.
 */
import { encode } from 'uqr';

/** ISO/IEC 18004 asks for a light border of four modules around the symbol. */
export const QUIET_ZONE_MODULES = 4;

/**
 * 0.5 mm modules: a typical ZATCA payload (version 6-8, 49-57 modules with the quiet zone)
 * prints 25-29 mm wide, above the ~0.33 mm per module that phone cameras need at arm's length.
 */
export const PRINT_MODULE_MM = 0.5;

export interface QrSvg {
  /** The complete `<svg>` element. */
  svg: string;
  /** Path data of the dark modules, in module units, offset by the quiet zone. */
  path: string;
  /** Width and height in modules, quiet zone included (viewBox is `0 0 size size`). */
  size: number;
  /** QR version (1-40); the symbol without quiet zone is `version * 4 + 17` modules wide. */
  version: number;
}

export interface QrSvgOptions {
  /** Accessible name; without it the SVG is marked decorative (aria-hidden). */
  label?: string;
}

export function renderQrSvg(text: string, options: QrSvgOptions = {}): QrSvg {
  const qr = encode(text, { ecc: 'M', boostEcc: false, border: QUIET_ZONE_MODULES });
  const path = darkModulesPath(qr.data);
  const size = qr.size;
  const mm = `${round(size * PRINT_MODULE_MM)}mm`;
  const a11y = options.label ? `role="img" aria-label="${escapeAttr(options.label)}"` : 'aria-hidden="true"';
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${size} ${size}" width="${mm}" height="${mm}" ` +
    `shape-rendering="crispEdges" ${a11y}>` +
    `<rect width="${size}" height="${size}" fill="#fff"/>` +
    `<path d="${path}" fill="#000"/>` +
    `</svg>`;
  return { svg, path, size, version: qr.version };
}

/**
 * One subpath per horizontal run of dark modules: several times shorter than a square per
 * module, and adjacent squares cannot leave hairline seams when rasterised.
 */
export function darkModulesPath(modules: readonly (readonly boolean[])[]): string {
  let d = '';
  modules.forEach((row, y) => {
    let x = 0;
    while (x < row.length) {
      if (!row[x]) {
        x++;
        continue;
      }
      const start = x;
      while (x < row.length && row[x]) x++;
      d += `M${start} ${y}h${x - start}v1h-${x - start}z`;
    }
  });
  return d;
}

function round(n: number): number {
  return Math.round(n * 100) / 100;
}

function escapeAttr(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}
