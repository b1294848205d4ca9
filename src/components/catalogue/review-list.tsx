import { useLingui } from '@lingui/react/macro';
import { langOfName } from '../../lib/script-lang';
import { useLocale } from '../../lib/use-locale';
import { formatDate } from './format';
import { RatingStars } from './rating-stars';
import type { ReviewView } from '../../lib/catalogue/types';

/**
 * Published reviews (and the shopper's own, whatever its state): the server sends those in the
 * page's language first, newest first, then the others, which are marked with their language.
 */
export function ReviewList({ reviews }: { reviews: readonly ReviewView[] }) {
  const { t } = useLingui();
  const locale = useLocale();
  const languageName = (code: string) => (code === 'ar' ? t`Written in Arabic` : code === 'en' ? t`Written in English` : null);
  return (
    <ol className="review-list">
      {reviews.map((r) => (
        <li key={r.id} className={`review${r.isAuthor ? ' review--own' : ''}`}>
          <article aria-labelledby={`review-${r.id}`}>
            <header className="review__header">
              <RatingStars rate={r.rating} />
              <h3
                id={`review-${r.id}`}
                className="review__summary"
                dir="auto"
                lang={r.languageCode !== locale ? r.languageCode : undefined}
              >
                {r.summary}
              </h3>
            </header>
            <p className="review__meta">
              <bdi className="review__author" lang={langOfName(r.authorName, locale)}>
                {r.authorName}
              </bdi>
              {' · '}
              <time dateTime={r.createdAt}>{formatDate(r.createdAt, locale)}</time>
              {r.languageCode !== locale && languageName(r.languageCode) && (
                <span className="review__language">{languageName(r.languageCode)}</span>
              )}
              {r.isAuthor && (
                <span className="review__badge">{r.state === 'approved' ? t`Your review` : t`Your review (awaiting approval)`}</span>
              )}
            </p>
            <p className="review__body" dir="auto" lang={r.languageCode !== locale ? r.languageCode : undefined}>
              {r.body}
            </p>
          </article>
        </li>
      ))}
    </ol>
  );
}
