/**
 * How a script-driven scroll moves (carousel and gallery buttons): smooth, unless the shopper asked
 * the system for less motion (WCAG 2.3.3). The stylesheet's reduced-motion rule cannot reach it:
 * `behavior: 'smooth'` passed to scrollIntoView overrides the CSS `scroll-behavior`.
 */
export function scrollBehavior(): ScrollBehavior {
  return typeof matchMedia === 'function' && matchMedia('(prefers-reduced-motion: reduce)').matches ? 'auto' : 'smooth';
}
