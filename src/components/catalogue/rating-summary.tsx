import { plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { useLocale } from '../../lib/use-locale';
import { formatNumber } from './format';
import type { RatingBreakdown } from '../../lib/catalogue/types';
import { RatingStars } from './rating-stars';
import { ReviewCount } from './review-count';

/** Overall rating with the count per star as bars (a list readable without the bars). */
export function RatingSummary({ rating }: { rating: RatingBreakdown }) {
  const { t } = useLingui();
  const locale = useLocale();
  const total = rating.totalCount;
  if (total === 0) return <p className="rating-summary rating-summary--empty">{t`No reviews yet.`}</p>;
  const totalShown = formatNumber(total, locale);
  const overall = formatNumber(Math.round(rating.overallRate * 10) / 10, locale, 1);
  return (
    <div className="rating-summary">
      <p className="rating-summary__overall">
        <span className="rating-summary__value">{overall}</span>
        <RatingStars rate={rating.overallRate} size={20} />
        <span className="rating-summary__count">{t`${plural(total, { one: `Based on ${totalShown} review`, other: `Based on ${totalShown} reviews` })}`}</span>
      </p>
      <ul className="rating-summary__bars" aria-label={t`Rating distribution`}>
        {rating.distribution.map(({ rate, count }) => {
          const percent = Math.round((count / total) * 100);
          const shownCount = formatNumber(count, locale);
          const starsShown = formatNumber(rate, locale);
          return (
            <li key={rate} className="rating-summary__row">
              <span className="rating-summary__label">{t`${plural(rate, { one: `${starsShown} star`, other: `${starsShown} stars` })}`}</span>
              <span className="rating-summary__bar" aria-hidden="true">
                <span className="rating-summary__fill" style={{ inlineSize: `${percent}%` }} />
              </span>
              <span className="rating-summary__n">
                <span className="visually-hidden">
                  <ReviewCount count={count} />
                </span>
                <span aria-hidden="true">{shownCount}</span>
              </span>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
