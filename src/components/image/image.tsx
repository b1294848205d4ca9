import type { CSSProperties } from 'react';
import {
  cropSrcSet,
  cropUrl,
  DEFAULT_RATIO,
  heightFor,
  IMAGE_PRESETS,
  presetSrcSet,
  presetUrl,
  type ImagePreset,
  type ImageRatio,
} from './image-sources';

export interface ImageProps {
  /** The asset's `preview` URL; null/empty shows the placeholder. */
  src: string | null | undefined;
  /** Empty for a decorative image. */
  alt: string;
  /**
   * The largest width (CSS px) the image is displayed at; sets the width/height attributes
   * (no layout shift) and bounds the srcset. Ignored with `preset` (the preset's size wins).
   */
  width?: number;
  /** Width-height ratio, e.g. "4-3". Default "1-1". */
  ratio?: ImageRatio;
  /** A fixed-size rendition (thumbnails): srcset 1x/2x over presets instead of screen widths. */
  preset?: ImagePreset;
  /** The `sizes` attribute; default: full width up to `width`. */
  sizes?: string;
  /**
   * `true`: the hero/LCP image, loaded eagerly with high fetch priority (and preloaded by React).
   * `'eager'`: above the fold but not the LCP candidate: eager, the browser's own priority, so it
   * does not share the slow first bandwidth with the LCP image. Default: lazy.
   */
  priority?: boolean | 'eager';
  focalPoint?: { x: number; y: number } | null;
  /** URL shown when there is no image. */
  placeholder?: string;
  className?: string;
  style?: CSSProperties;
}

// A neutral box with a simple picture glyph, inlined so it never costs a request.
export const DEFAULT_PLACEHOLDER =
  'data:image/svg+xml,' +
  encodeURIComponent(
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100"><rect width="100" height="100" fill="#f6f7f5"/>' +
      '<path d="M30 65l12-14 9 10 7-8 12 12z" fill="#dfe3e1"/><circle cx="62" cy="38" r="6" fill="#dfe3e1"/></svg>',
  );

export function Image({
  src,
  alt,
  width = 300,
  ratio = DEFAULT_RATIO,
  preset,
  sizes,
  priority = false,
  focalPoint,
  placeholder = DEFAULT_PLACEHOLDER,
  className,
  style,
}: ImageProps) {
  const box = preset ? IMAGE_PRESETS[preset] : null;
  const w = box ? box.width : width;
  const h = box ? (box.mode === 'crop' ? box.height : heightFor(box.width, ratio)) : heightFor(width, ratio);
  const loading =
    priority === true
      ? ({ loading: 'eager', fetchPriority: 'high' } as const)
      : ({ loading: priority === 'eager' ? 'eager' : 'lazy', fetchPriority: undefined } as const);
  const classes = ['image', className].filter(Boolean).join(' ');
  const aspect = { aspectRatio: `${w} / ${h}`, ...style };

  if (!src) {
    return <img className={`${classes} image--placeholder`} src={placeholder} alt={alt} width={w} height={h} style={aspect} {...loading} />;
  }
  if (preset) {
    return (
      <img
        className={classes}
        src={presetUrl(src, preset)}
        srcSet={presetSrcSet(src, preset)}
        alt={alt}
        width={w}
        height={h}
        decoding="async"
        style={aspect}
        {...loading}
      />
    );
  }
  return (
    <img
      className={classes}
      src={cropUrl(src, width, ratio, focalPoint)}
      srcSet={cropSrcSet(src, width, ratio, focalPoint)}
      sizes={sizes ?? `(max-width: ${width}px) 100vw, ${width}px`}
      alt={alt}
      width={w}
      height={h}
      decoding={priority === true ? 'sync' : 'async'}
      style={aspect}
      {...loading}
    />
  );
}
