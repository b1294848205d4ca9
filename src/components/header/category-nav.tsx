import { useLingui } from '@lingui/react/macro';
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { useLocation } from 'react-router';
import { catalogueHref, type CategoryLink } from '../../lib/chrome-data';
import { ChevronDownIcon } from '../icons/icons';
import { LocaleLink } from '../locale-link/locale-link';

/**
 * Desktop category bar: each category links to its listing; one with subcategories has a
 * disclosure button opening its menu ("view all" + subcategory links). Pointer users also get the
 * menu on hover. Escape closes and returns focus to the button; so do outside clicks and
 * navigation.
 */
export function CategoryNav({ categories }: { categories: CategoryLink[] }) {
  const { t } = useLingui();
  const [open, setOpen] = useState<string | null>(null);
  const navRef = useRef<HTMLElement>(null);
  const { key } = useLocation();

  useEffect(() => setOpen(null), [key]);

  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!navRef.current?.contains(event.target as Node)) setOpen(null);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open]);

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'Escape' || !open) return;
    const button = navRef.current?.querySelector<HTMLButtonElement>(`[data-menu-toggle="${CSS.escape(open)}"]`);
    setOpen(null);
    button?.focus();
  };

  if (categories.length === 0) return null;
  return (
    <nav className="category-nav" aria-label={t`Categories`} ref={navRef} onKeyDown={onKeyDown}>
      <ul className="container category-nav__list">
        {categories.map((category) => {
          const menuId = `category-menu-${category.code}`;
          const isOpen = open === category.code;
          const name = category.name;
          return (
            <li key={category.code} className="category-nav__item" data-open={isOpen || undefined}>
              <LocaleLink to={catalogueHref.category(category.code)} className="category-nav__link">
                {category.name}
              </LocaleLink>
              {category.subCategories.length > 0 && (
                <>
                  <button
                    type="button"
                    className="category-nav__toggle"
                    aria-expanded={isOpen}
                    aria-controls={menuId}
                    data-menu-toggle={category.code}
                    aria-label={t`${name} subcategories`}
                    onClick={() => setOpen(isOpen ? null : category.code)}
                  >
                    <ChevronDownIcon size={16} />
                  </button>
                  <div id={menuId} className="category-nav__panel" hidden={!isOpen}>
                    <ul className="category-nav__sublist">
                      <li>
                        <LocaleLink to={catalogueHref.category(category.code)} className="category-nav__view-all">
                          {t`View all ${name}`}
                        </LocaleLink>
                      </li>
                      {category.subCategories.map((sub) => (
                        <li key={sub.code}>
                          <LocaleLink to={catalogueHref.subCategoryQuery(category.code, sub.code)}>{sub.name}</LocaleLink>
                        </li>
                      ))}
                    </ul>
                  </div>
                </>
              )}
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
