import { plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { useLocale } from '../../lib/use-locale';
import { formatNumber } from '../catalogue/format';

/** A header icon's count (cart, wishlist); nothing while unknown (null) or zero. */
export function CountBadge({ count }: { count: number | null }) {
  const { t } = useLingui();
  const locale = useLocale();
  if (!count) return null;
  return (
    <>
      <span className="count-badge" aria-hidden="true">
        {count > 99 ? `${formatNumber(99, locale)}+` : formatNumber(count, locale)}
      </span>
      <span className="visually-hidden">{t`${plural(count, { one: '# item', other: '# items' })}`}</span>
    </>
  );
}
