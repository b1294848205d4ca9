import { useLingui } from '@lingui/react/macro';
import type { CSSProperties } from 'react';
import { useLocale } from '../../lib/use-locale';
import { formatNumber } from './format';

/**
 * Five stars filled to `rate` (0-5, fractions as partial fill), drawn by CSS from one element
 * (cards repeat it dozens of times per page, so no SVG per star), with a text alternative such as
 * "Rated 4.3 out of 5".
 */
export function RatingStars({ rate, size = 16, label }: { rate: number; size?: number; label?: string }) {
  const { t } = useLingui();
  const locale = useLocale();
  const value = Math.max(0, Math.min(5, rate));
  const shown = formatNumber(Math.round(value * 10) / 10, locale, 1);
  const style = { '--rating-fill': `${(value / 5) * 100}%`, '--rating-size': `${size}px` } as CSSProperties;
  return <span className="rating-stars" role="img" aria-label={label ?? t`Rated ${shown} out of 5`} style={style} />;
}
