import { useLingui } from '@lingui/react/macro';

const STAR = 'M12 2.8l2.8 5.9 6.4.8-4.7 4.4 1.2 6.3L12 17.1l-5.7 3.1 1.2-6.3-4.7-4.4 6.4-.8z';

/**
 * Five stars filled to `rate` (0-5, fractions shown as partial fill). Decorative drawing with a
 * text alternative, e.g. "Rated 4.3 out of 5".
 */
export function RatingStars({ rate, size = 16, label }: { rate: number; size?: number; label?: string }) {
    const { t, i18n } = useLingui();
    const value = Math.max(0, Math.min(5, rate));
    const shown = i18n.number(Math.round(value * 10) / 10, { maximumFractionDigits: 1 });
    return (
        <span className="rating-stars" role="img" aria-label={label ?? t`Rated ${shown} out of 5`}>
            {[0, 1, 2, 3, 4].map((i) => {
                const fill = Math.max(0, Math.min(1, value - i));
                return (
                    <svg key={i} width={size} height={size} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
                        <path d={STAR} className="rating-stars__empty" />
                        {fill > 0 && (
                            <path
                                d={STAR}
                                className="rating-stars__full"
                                // Partial stars fill from the reading start: a clip in the star's own box.
                                style={{ clipPath: `inset(0 ${(1 - fill) * 100}% 0 0)` }}
                            />
                        )}
                    </svg>
                );
            })}
        </span>
    );
}
