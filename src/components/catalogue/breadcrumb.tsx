import { useLingui } from '@lingui/react/macro';
import { LocaleLink } from '../locale-link/locale-link';

export interface BreadcrumbItem {
  label: string;
  /** Locale-neutral site path; the last item (current page) has none. */
  to?: string;
}

/** WAI-ARIA breadcrumb: a labelled nav with an ordered list, the current page marked. */
export function Breadcrumb({ items }: { items: readonly BreadcrumbItem[] }) {
  const { t } = useLingui();
  return (
    <nav className="breadcrumb" aria-label={t`Breadcrumb`}>
      <ol>
        {items.map((item, i) => (
          <li key={`${i}-${item.label}`}>
            {item.to && i < items.length - 1 ? (
              <LocaleLink to={item.to}>{item.label}</LocaleLink>
            ) : (
              <span aria-current="page">{item.label}</span>
            )}
          </li>
        ))}
      </ol>
    </nav>
  );
}
