import { useLingui } from '@lingui/react/macro';
import { useEffect, useRef, useState, type CSSProperties, type ReactNode } from 'react';
import { candidateWidths, cropUrl, type ImageRatio } from '../image/image-sources';
import { LocaleLink } from '../locale-link/locale-link';
import type { AssetView } from '../../lib/catalogue/types';
import { localizeDigits } from '../../lib/digits';
import { useLocale } from '../../lib/use-locale';
import { formatNumber } from './format';
import { scrollBehavior } from '../../lib/motion';
import type { MetaDescriptor } from 'react-router';
import { imagePreload } from '../../seo/preload';

/** Where a banner leads: a locale-neutral site path, an allow-listed external URL, or nowhere. */
export type BannerHref = { kind: 'internal'; path: string } | { kind: 'external'; href: string } | null;

export interface SuperBannerView {
  id: string;
  title: string | null;
  href: BannerHref;
  desktop: AssetView;
  mobile: AssetView;
}

export interface BannerView {
  id: string;
  title: string | null;
  position: string;
  href: BannerHref;
  image: AssetView;
}

const DESKTOP_WIDTH = 1240;
const MOBILE_WIDTH = 768;
/** Spec §9 md breakpoint: below it the mobile artwork is used. */
const MOBILE_MEDIA = '(max-width: 767.98px)';

function ratioOf(a: AssetView): ImageRatio {
  return `${a.width}-${a.height}`;
}

/** Crops up to the artwork's own width (banners are big already: never upscale them). */
function srcSet(a: AssetView, displayWidth: number): string {
  const widths = candidateWidths(displayWidth).filter((w) => w <= a.width);
  if (widths.length === 0) widths.push(Math.min(displayWidth, a.width));
  return widths.map((w) => `${cropUrl(a.src, w, ratioOf(a), a.focalPoint)} ${w}w`).join(', ');
}

const DESKTOP_SIZES = `(max-width: ${DESKTOP_WIDTH}px) 100vw, ${DESKTOP_WIDTH}px`;

/**
 * Preloads of the first super banner (the home page's LCP): the mobile artwork on phones, the
 * desktop one elsewhere — the same sources `BannerPicture` offers, so the preloaded file is used.
 */
export function heroPreloads(banner: SuperBannerView | undefined): MetaDescriptor[] {
  if (!banner) return [];
  return [
    imagePreload({ srcSet: srcSet(banner.mobile, MOBILE_WIDTH), sizes: '100vw', media: MOBILE_MEDIA }),
    imagePreload({ srcSet: srcSet(banner.desktop, DESKTOP_WIDTH), sizes: DESKTOP_SIZES, media: `not all and ${MOBILE_MEDIA}` }),
  ];
}

function heightAt(a: AssetView, width: number): number {
  return Math.round((width * a.height) / a.width);
}

/** The link's name is the picture's alt text (the banner's title). */
export function BannerLink({ href, children }: { href: BannerHref; children: ReactNode }) {
  if (!href) return <div>{children}</div>;
  if (href.kind === 'internal') {
    return <LocaleLink to={href.path}>{children}</LocaleLink>;
  }
  return (
    <a href={href.href} rel="noopener noreferrer" target="_blank">
      {children}
    </a>
  );
}

/**
 * Art-directed banner picture: the mobile asset on small screens, the desktop asset otherwise,
 * each with its own width/height so neither shifts the layout.
 */
export function BannerPicture({
  desktop,
  mobile,
  alt,
  priority,
}: {
  desktop: AssetView;
  mobile?: AssetView;
  alt: string;
  priority: boolean;
}) {
  const style = {
    '--ratio-desktop': `${desktop.width} / ${desktop.height}`,
    '--ratio-mobile': `${(mobile ?? desktop).width} / ${(mobile ?? desktop).height}`,
  } as CSSProperties;
  return (
    <picture className="hero__picture" style={style}>
      {mobile && (
        <source
          media={MOBILE_MEDIA}
          srcSet={srcSet(mobile, MOBILE_WIDTH)}
          sizes="100vw"
          width={MOBILE_WIDTH}
          height={heightAt(mobile, MOBILE_WIDTH)}
        />
      )}
      <img
        src={cropUrl(desktop.src, Math.min(DESKTOP_WIDTH, desktop.width), ratioOf(desktop), desktop.focalPoint)}
        srcSet={srcSet(desktop, DESKTOP_WIDTH)}
        sizes={DESKTOP_SIZES}
        width={DESKTOP_WIDTH}
        height={heightAt(desktop, DESKTOP_WIDTH)}
        alt={alt}
        loading={priority ? 'eager' : 'lazy'}
        fetchPriority={priority ? 'high' : undefined}
        decoding={priority ? 'sync' : 'async'}
      />
    </picture>
  );
}

/** The home page's super banners: a swipeable strip (no autoplay) with slide buttons. */
export function HeroBanners({ banners }: { banners: readonly SuperBannerView[] }) {
  const { t } = useLingui();
  const locale = useLocale();
  const track = useRef<HTMLUListElement>(null);
  const [active, setActive] = useState(0);
  const count = banners.length;
  const total = formatNumber(count, locale);

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
  }, [count]);

  if (count === 0) return null;
  return (
    <section className="hero" aria-roledescription={t`carousel`} aria-label={t`Featured`}>
      <ul className="hero__track" ref={track}>
        {banners.map((b, i) => (
          <li
            key={b.id}
            className="hero__slide"
            data-index={i}
            aria-roledescription={t`slide`}
            aria-label={t`${formatNumber(i + 1, locale)} of ${total}`}
          >
            <BannerLink href={b.href}>
              {/* The headline is live text over text-free art: it wraps to any width and
                  language, where words baked into a picture were cropped on phones. */}
              <BannerPicture desktop={b.desktop} mobile={b.mobile} alt={b.title ? '' : b.href ? t`View offer` : ''} priority={i === 0} />
              {b.title && <span className="hero__headline">{localizeDigits(b.title, locale)}</span>}
            </BannerLink>
          </li>
        ))}
      </ul>
      {count > 1 && (
        <ul className="hero__dots">
          {banners.map((b, i) => (
            <li key={b.id}>
              <button
                type="button"
                className="hero__dot"
                aria-current={i === active ? 'true' : undefined}
                aria-label={t`Show slide ${formatNumber(i + 1, locale)} of ${total}`}
                onClick={() => {
                  (track.current?.children[i] as HTMLElement | undefined)?.scrollIntoView({
                    behavior: scrollBehavior(),
                    block: 'nearest',
                    inline: 'start',
                  });
                  setActive(i);
                }}
              />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
