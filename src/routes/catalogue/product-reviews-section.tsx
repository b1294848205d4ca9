import { useLingui } from '@lingui/react/macro';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useFetcher, useLocation } from 'react-router';
import { useSessionSummary } from '../../containers/app-actors';
import { RatingSummary } from '../../components/catalogue/rating-summary';
import { ReviewList } from '../../components/catalogue/review-list';
import type { RatingBreakdown, ReviewPage } from '../../lib/catalogue/types';
import { useLocale } from '../../lib/use-locale';
import { textDirection } from '../../i18n/locales';
import { REVIEWS_PAGE_SIZE } from './reviews-constants';

// The form and its machine are only downloaded when the shopper asks to write a review.
const ReviewFormContainer = lazy(() => import('../../containers/review-form-container'));
// Most products have one page of reviews: the pager's code comes only for those with more.
const Pagination = lazy(() => import('../../components/pagination/pagination').then((module) => ({ default: module.Pagination })));

export interface ProductReviewsProps {
  productId: string;
  slug: string;
  rating: RatingBreakdown;
  /** Page 1, rendered on the server (anonymous). */
  firstPage: ReviewPage;
}

/**
 * Overall rating, distribution, reviews with paging and the "write a review" entry. Further pages
 * come from the reviews resource route; a logged-in shopper's first page is asked again so their
 * own review (in any state) shows and is marked.
 */
export function ProductReviews({ productId, rating, firstPage }: ProductReviewsProps) {
  const { t } = useLingui();
  const locale = useLocale();
  const { pathname } = useLocation();
  const fetcher = useFetcher<ReviewPage>();
  const { loggedIn } = useSessionSummary();
  const [writing, setWriting] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);
  const page = fetcher.data ?? firstPage;
  const load = (n: number) => fetcher.load(`${pathname}/reviews?page=${n}`);

  useEffect(() => {
    if (loggedIn) void fetcher.load(`${pathname}/reviews?page=1`);
    // Only when the login state or the product changes.
  }, [loggedIn, productId]); // eslint-disable-line react-hooks/exhaustive-deps

  return (
    <section id="reviews" className="section section--below-fold" aria-labelledby="reviews-title">
      <div className="section__header">
        <h2 id="reviews-title" className="section__title" ref={heading} tabIndex={-1}>
          {t`Customer reviews`}
        </h2>
      </div>
      <div className="reviews">
        <div>
          <RatingSummary rating={rating} />
          {writing ? (
            <Suspense fallback={<p role="status">{t`Loading…`}</p>}>
              <ReviewFormContainer productId={productId} />
            </Suspense>
          ) : (
            <button type="button" className="button button--secondary" onClick={() => setWriting(true)}>
              {t`Write a review`}
            </button>
          )}
        </div>
        <div aria-busy={fetcher.state === 'loading'}>
          {page.items.length > 0 ? (
            <ReviewList reviews={page.items} />
          ) : (
            <p>{t`There are no reviews yet. Bought it? Be the first to review it.`}</p>
          )}
          {page.totalItems > REVIEWS_PAGE_SIZE && (
            <Suspense fallback={null}>
              <Pagination
                className="listing__pagination"
                total={page.totalItems}
                perPage={REVIEWS_PAGE_SIZE}
                current={page.page}
                dir={textDirection(locale)}
                locale={locale}
                type="button"
                onPageChange={(n) => {
                  void load(n);
                  heading.current?.focus();
                }}
              />
            </Suspense>
          )}
        </div>
      </div>
    </section>
  );
}
