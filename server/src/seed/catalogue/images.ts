import sharp from 'sharp';

import { Shape } from './data';

/**
 * Product / category images rendered locally (SVG → JPEG with sharp); no downloads.
 * Simple flat illustrations (JPEG): a garment/object silhouette in the product colour on a tinted backdrop.
 */

function hexToRgb(hex: string): [number, number, number] {
  const h = hex.replace('#', '');
  return [parseInt(h.slice(0, 2), 16), parseInt(h.slice(2, 4), 16), parseInt(h.slice(4, 6), 16)];
}
function rgbToHex([r, g, b]: number[]) {
  return (
    '#' +
    [r, g, b]
      .map((v) =>
        Math.max(0, Math.min(255, Math.round(v)))
          .toString(16)
          .padStart(2, '0'),
      )
      .join('')
  );
}
/** amount > 0 mixes with white, < 0 with black */
export function shade(hex: string, amount: number) {
  const rgb = hexToRgb(hex);
  const target = amount > 0 ? 255 : 0;
  const a = Math.abs(amount);
  return rgbToHex(rgb.map((v) => v + (target - v) * a));
}
function isLight(hex: string) {
  const [r, g, b] = hexToRgb(hex);
  return 0.299 * r + 0.587 * g + 0.114 * b > 200;
}

/** Silhouettes drawn in a 800×800 box. */
const SHAPES: Record<Shape, string> = {
  dress:
    'M330 140 L360 140 L380 210 L420 210 L440 140 L470 140 L470 250 Q455 300 470 340 L600 660 Q400 700 200 660 L330 340 Q345 300 330 250 Z',
  abaya: 'M340 120 Q400 150 460 120 L520 150 L640 400 L590 420 L530 300 L560 700 Q400 720 240 700 L270 300 L210 420 L160 400 L280 150 Z',
  top: 'M320 160 Q400 200 480 160 L600 220 L560 330 L510 310 L510 600 Q400 620 290 600 L290 310 L240 330 L200 220 Z',
  shirt:
    'M320 150 L370 140 L400 190 L430 140 L480 150 L610 220 L570 340 L515 315 L515 640 L285 640 L285 315 L230 340 L190 220 Z M398 200 L402 200 L402 630 L398 630 Z',
  thobe:
    'M340 110 L380 105 L400 150 L420 105 L460 110 L580 170 L620 360 L570 370 L530 230 L540 720 L260 720 L270 230 L230 370 L180 360 L220 170 Z',
  tshirt: 'M330 190 Q400 230 470 190 L590 250 L550 340 L500 320 L500 590 L300 590 L300 320 L250 340 L210 250 Z',
  onesie:
    'M330 180 Q400 220 470 180 L570 230 L540 310 L500 295 L510 520 L470 620 L415 620 L400 560 L385 620 L330 620 L290 520 L300 295 L260 310 L230 230 Z',
  bag: 'M230 330 L570 330 L610 640 Q400 670 190 640 Z M300 330 Q300 170 400 170 Q500 170 500 330 L470 330 Q470 205 400 205 Q330 205 330 330 Z',
  shoe: 'M160 520 Q170 420 250 420 L330 430 Q380 470 470 470 L560 500 Q650 520 660 580 L660 620 L160 620 Z',
  bedding:
    'M130 420 L670 420 L690 640 L110 640 Z M170 330 Q270 300 370 330 L370 410 L170 410 Z M430 330 Q530 300 630 330 L630 410 L430 410 Z',
  vase: 'M350 160 L450 160 L440 220 Q560 320 540 480 Q520 640 400 650 Q280 640 260 480 Q240 320 360 220 Z',
  mug: 'M230 280 L520 280 L500 620 Q375 650 250 620 Z M520 340 Q640 340 630 450 Q620 540 505 540 L508 500 Q585 500 588 450 Q590 385 517 385 Z',
};

export type View = 'front' | 'detail' | 'back';

export function productSvg(shape: Shape, colorHex: string, view: View, size = 800): string {
  const bg = isLight(colorHex) ? '#E9E4DC' : shade(colorHex, 0.85);
  const stroke = isLight(colorHex) ? '#9E9E9E' : shade(colorHex, -0.35);
  const accent = isLight(colorHex) ? '#BDB5A8' : shade(colorHex, 0.35);
  const transform = view === 'detail' ? 'translate(-400 -360) scale(2)' : view === 'back' ? 'translate(800 0) scale(-1 1)' : '';
  const stripes =
    view === 'detail'
      ? `<g opacity="0.18" stroke="${accent}" stroke-width="6">${Array.from({ length: 20 }, (_, k) => `<line x1="${k * 40}" y1="0" x2="${k * 40 - 400}" y2="800"/>`).join('')}</g>`
      : '';
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 800 800">
  <defs><radialGradient id="g" cx="50%" cy="40%" r="70%"><stop offset="0" stop-color="${shade(bg, 0.4)}"/><stop offset="1" stop-color="${bg}"/></radialGradient></defs>
  <rect width="800" height="800" fill="url(#g)"/>
  <ellipse cx="400" cy="720" rx="260" ry="26" fill="#000" opacity="0.08"/>
  <g transform="${transform}">
    <path d="${SHAPES[shape]}" fill="${colorHex}" stroke="${stroke}" stroke-width="6" stroke-linejoin="round" fill-rule="evenodd"/>
  </g>
  ${stripes}
</svg>`;
}

/** Wide cover / banner for a category or sub-category: repeated silhouettes. */
export function coverSvg(shapes: Shape[], colors: string[], width = 1200, height = 400): string {
  const bg = shade(colors[0], 0.8);
  const items = shapes
    .slice(0, 4)
    .map((s, k) => {
      const x = 120 + k * 260;
      return `<g transform="translate(${x} 40) scale(0.4)"><path d="${SHAPES[s]}" fill="${colors[k % colors.length]}" stroke="${shade(colors[k % colors.length], -0.3)}" stroke-width="8" fill-rule="evenodd"/></g>`;
    })
    .join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 1200 400">
  <rect width="1200" height="400" fill="${bg}"/>
  <circle cx="1050" cy="80" r="220" fill="${shade(colors[0], 0.6)}" opacity="0.6"/>
  <circle cx="150" cy="380" r="160" fill="${shade(colors[colors.length - 1], 0.6)}" opacity="0.5"/>
  ${items}
</svg>`;
}

/** Square brand logo: a monogram (latin initial) in a circle. */
export function brandLogoSvg(initial: string, colorHex: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="400" height="400" viewBox="0 0 400 400">
  <rect width="400" height="400" fill="#FFFFFF"/>
  <circle cx="200" cy="200" r="160" fill="${colorHex}"/>
  <circle cx="200" cy="200" r="140" fill="none" stroke="#FFFFFF" stroke-width="6"/>
  <text x="200" y="250" text-anchor="middle" font-family="DejaVu Serif, serif" font-size="150" font-weight="bold" fill="#FFFFFF">${initial}</text>
</svg>`;
}

/** JPEG: ~3x faster than WebP to encode here, and Vendure's preview step is ~9x faster on it. */
export async function renderImage(svg: string): Promise<Buffer> {
  return sharp(Buffer.from(svg)).jpeg({ quality: 85, mozjpeg: false }).toBuffer();
}
