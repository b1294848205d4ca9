import { plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import { catalogueHref, type CategoryLink } from '../../lib/chrome-data';
import { BackIcon, ChevronIcon, CloseIcon, HeartIcon, UserIcon, UserPlusIcon } from '../icons/icons';
import { formatNumber } from '../catalogue/format';
import { useLocale } from '../../lib/use-locale';
import { LocaleLink } from '../locale-link/locale-link';

export interface MobileMenuProps {
  id: string;
  open: boolean;
  onClose: () => void;
  categories: CategoryLink[];
  /** The language switch (a container: it drives the locale actor). */
  languageSwitch: ReactNode;
  wishlistCount: number | null;
  loggedIn: boolean;
  /** The sign-out control for a signed-in customer (a container: it drives the sign-out machine). */
  signOut?: ReactNode;
}

/**
 * The mobile navigation drawer: a modal <dialog> (the browser traps focus and closes it on
 * Escape). Categories with subcategories open a sub-list with a back button, "shop all" and the
 * subcategories; the language switch and the wishlist link sit below.
 */
export function MobileMenu({ id, open, onClose, categories, languageSwitch, wishlistCount, loggedIn, signOut }: MobileMenuProps) {
  const { t } = useLingui();
  const dialogRef = useRef<HTMLDialogElement>(null);
  const [active, setActive] = useState<string | null>(null);
  const lastOpener = useRef<string | null>(null);
  const { key } = useLocation();
  const locale = useLocale();

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);

  const onCloseRef = useRef(onClose);
  onCloseRef.current = onClose;
  // Any navigation from inside the menu closes it. (It mounts on the first open: not on mount.)
  const openedAt = useRef(key);
  useEffect(() => {
    if (openedAt.current === key) return;
    openedAt.current = key;
    onCloseRef.current();
  }, [key]);

  useEffect(() => {
    if (!open) setActive(null);
  }, [open]);

  // Moving between the lists keeps focus where a keyboard user expects it.
  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog?.open) return;
    const target = active
      ? dialog.querySelector<HTMLElement>('[data-focus="back"]')
      : lastOpener.current
        ? dialog.querySelector<HTMLElement>(`[data-opener="${CSS.escape(lastOpener.current)}"]`)
        : null;
    target?.focus();
  }, [active]);

  const current = categories.find((c) => c.code === active) ?? null;
  const count = wishlistCount ?? 0;

  return (
    <dialog
      id={id}
      ref={dialogRef}
      className="mobile-menu"
      aria-label={t`Menu`}
      onClose={onClose}
      onClick={(event) => {
        // A click on the backdrop (the dialog box itself, outside its panel) closes the menu.
        if (event.target === event.currentTarget) onClose();
      }}
    >
      <div className="mobile-menu__panel">
        <div className="mobile-menu__top">
          <span className="mobile-menu__title">{t`Menu`}</span>
          <button type="button" className="icon-button" aria-label={t`Close menu`} onClick={onClose}>
            <CloseIcon />
          </button>
        </div>

        {current ? (
          <nav aria-label={current.name} className="mobile-menu__nav">
            <button type="button" className="mobile-menu__back" data-focus="back" onClick={() => setActive(null)}>
              <BackIcon size={20} />
              <span>{t`Back`}</span>
            </button>
            <p className="mobile-menu__heading">{current.name}</p>
            <ul className="mobile-menu__list">
              <li>
                <LocaleLink to={catalogueHref.category(current.code)} className="mobile-menu__item mobile-menu__item--strong">
                  {t`Shop all`}
                </LocaleLink>
              </li>
              {current.subCategories.map((sub) => (
                <li key={sub.code}>
                  <LocaleLink to={catalogueHref.subCategoryPath(current.code, sub.code)} className="mobile-menu__item">
                    {sub.name}
                  </LocaleLink>
                </li>
              ))}
            </ul>
          </nav>
        ) : (
          <nav aria-label={t`Categories`} className="mobile-menu__nav">
            <ul className="mobile-menu__list">
              {categories.map((category) => (
                <li key={category.code}>
                  {category.subCategories.length > 0 ? (
                    <button
                      type="button"
                      className="mobile-menu__item"
                      data-opener={category.code}
                      aria-haspopup="true"
                      onClick={() => {
                        lastOpener.current = category.code;
                        setActive(category.code);
                      }}
                    >
                      <span>{category.name}</span>
                      <ChevronIcon size={18} />
                    </button>
                  ) : (
                    <LocaleLink to={catalogueHref.category(category.code)} className="mobile-menu__item">
                      {category.name}
                    </LocaleLink>
                  )}
                </li>
              ))}
            </ul>
          </nav>
        )}

        <div className="mobile-menu__footer">
          <LocaleLink to="/wishlist" className="mobile-menu__item">
            <HeartIcon size={20} />
            <span>{t`Wishlist`}</span>
            {count > 0 && (
              <>
                <span className="count-badge count-badge--inline" aria-hidden="true">
                  {formatNumber(count, locale)}
                </span>
                <span className="visually-hidden">{t`${plural(count, { one: '# item', other: '# items' })}`}</span>
              </>
            )}
          </LocaleLink>
          {loggedIn ? (
            <LocaleLink to="/profile" className="mobile-menu__item">
              <UserIcon size={20} />
              <span>{t`My account`}</span>
            </LocaleLink>
          ) : (
            <LocaleLink to="/auth" className="mobile-menu__item">
              <UserPlusIcon size={20} />
              <span>{t`Sign in or create an account`}</span>
            </LocaleLink>
          )}
          {loggedIn && signOut}
          {languageSwitch}
        </div>
      </div>
    </dialog>
  );
}
