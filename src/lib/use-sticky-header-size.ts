import { useEffect, type RefObject } from 'react';

/** The custom property the page's `scroll-padding-block-start` reads (styles/base.css). */
export const STICKY_HEADER_PROPERTY = '--sticky-header-block-size';

/**
 * Keeps the root's `--sticky-header-block-size` equal to the sticky header's height as laid out
 * (WCAG 2.2 2.4.11, issue 39): the browser scrolls a focused element clear of the scroll padding,
 * and a fixed guess was short of the header on phones (the search row, the alert) and at 200 % text.
 * A ResizeObserver follows every change of it — the search row opening, text size, the alert
 * dismissed — without a layout read on scroll. On unmount the property goes (the checkout's header
 * is not sticky), and the stylesheet's fallback applies.
 */
export function useStickyHeaderSize(header: RefObject<HTMLElement | null>): void {
  useEffect(() => {
    const element = header.current;
    if (!element || typeof ResizeObserver !== 'function') return;
    const root = document.documentElement;
    const observer = new ResizeObserver(([entry]) => {
      const size = entry?.borderBoxSize?.[0]?.blockSize ?? element.getBoundingClientRect().height;
      root.style.setProperty(STICKY_HEADER_PROPERTY, `${Math.ceil(size)}px`);
    });
    observer.observe(element, { box: 'border-box' });
    return () => {
      observer.disconnect();
      root.style.removeProperty(STICKY_HEADER_PROPERTY);
    };
  }, [header]);
}
