import { useLingui } from '@lingui/react/macro';
import { useEffect, useRef, useState } from 'react';
import { Image } from '../image/image';
import type { AssetView } from '../../lib/catalogue/types';
import { useLocale } from '../../lib/use-locale';
import { formatNumber } from './format';
import { scrollBehavior } from '../../lib/motion';

export const GALLERY_IMAGE_WIDTH = 640;
export const GALLERY_SIZES = '(min-width: 1240px) 640px, (min-width: 768px) 52vw, 100vw';

/**
 * Product images as a swipeable strip (CSS scroll snap, works without JavaScript) with thumbnail
 * buttons. The first image is the page's LCP element: eager and high priority; the rest lazy.
 */
export function ProductGallery({ images, productName }: { images: readonly AssetView[]; productName: string }) {
  const { t } = useLingui();
  const locale = useLocale();
  const track = useRef<HTMLUListElement>(null);
  const [active, setActive] = useState(0);
  const count = images.length;
  const total = formatNumber(count, locale);
  // Only the first photo is in the server's HTML. The other slides are off-screen but within the
  // browser's lazy-loading distance, so their photos were fetched at once and shared a phone's
  // bandwidth with the first (the page's LCP image). They arrive once the page has hydrated, which
  // starts after that image has loaded (decision 008); meanwhile each slide keeps its size.
  const [allPhotos, setAllPhotos] = useState(false);
  useEffect(() => setAllPhotos(true), []);

  // The first image changes with the chosen colour: show it.
  const first = images[0]?.src;
  useEffect(() => {
    track.current?.scrollTo({ left: 0 });
    setActive(0);
  }, [first]);

  useEffect(() => {
    const el = track.current;
    if (!el || count < 2 || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        for (const e of entries) if (e.isIntersecting) setActive(Number((e.target as HTMLElement).dataset.index));
      },
      { root: el, threshold: 0.6 },
    );
    for (const slide of el.children) observer.observe(slide);
    return () => observer.disconnect();
  }, [count, first]);

  function show(i: number) {
    const slide = track.current?.children[i] as HTMLElement | undefined;
    slide?.scrollIntoView({ behavior: scrollBehavior(), block: 'nearest', inline: 'start' });
    setActive(i);
  }

  if (count === 0) {
    return (
      <div className="gallery">
        <ul className="gallery__main">
          <li className="gallery__slide">
            <Image src={null} alt="" width={GALLERY_IMAGE_WIDTH} priority />
          </li>
        </ul>
      </div>
    );
  }

  return (
    <div className="gallery" role="region" aria-roledescription={t`gallery`} aria-label={t`Images of ${productName}`}>
      <ul className="gallery__main" ref={track} tabIndex={0} aria-label={t`Product images, swipe or scroll to see more`}>
        {images.map((img, i) => (
          <li key={img.src} className="gallery__slide" data-index={i} aria-hidden={count > 1 && i !== active ? true : undefined}>
            <Image
              src={i === 0 || allPhotos ? img.src : null}
              alt={count > 1 ? t`${productName}, image ${formatNumber(i + 1, locale)} of ${total}` : productName}
              width={GALLERY_IMAGE_WIDTH}
              ratio="1-1"
              sizes={GALLERY_SIZES}
              focalPoint={img.focalPoint}
              priority={i === 0}
            />
          </li>
        ))}
      </ul>
      {count > 1 && (
        <ul className="gallery__thumbs">
          {images.map((img, i) => (
            <li key={img.src}>
              <button
                type="button"
                className="gallery__thumb"
                aria-current={i === active ? 'true' : undefined}
                aria-label={t`Show image ${formatNumber(i + 1, locale)} of ${total}`}
                onClick={() => show(i)}
              >
                <Image src={img.src} alt="" preset="thumb" />
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
