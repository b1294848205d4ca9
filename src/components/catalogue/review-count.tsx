import { plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { useLocale } from '../../lib/use-locale';
import { formatNumber } from './format';

/** "3 reviews", with the count in the same digits as the prices (Lingui's # would use Latin ones). */
export function ReviewCount({ count }: { count: number }) {
  const { t } = useLingui();
  const shown = formatNumber(count, useLocale());
  return <>{t`${plural(count, { one: `${shown} review`, other: `${shown} reviews` })}`}</>;
}
