import type { MetaDescriptor } from 'react-router';

/**
 * `<link rel="preload" as="image">` for a page's largest contentful paint, rendered in the head by
 * the route's `meta`: the browser starts the photograph with the HTML's first bytes instead of when
 * its parser reaches the `<img>` below the header. `srcSet`/`sizes` must be the image's own, so the
 * preloaded file is the one the `<img>` picks; `media` limits an art-directed picture's preload to
 * the screens that show it.
 */
export function imagePreload(image: { srcSet: string; sizes: string; media?: string }): MetaDescriptor {
  return {
    tagName: 'link',
    rel: 'preload',
    as: 'image',
    imageSrcSet: image.srcSet,
    imageSizes: image.sizes,
    fetchPriority: 'high',
    ...(image.media ? { media: image.media } : {}),
  };
}
