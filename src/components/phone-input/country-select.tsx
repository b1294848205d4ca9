import { useLingui } from '@lingui/react/macro';
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { EMPTY_TYPE_AHEAD, findCountry, flagOf, TYPE_AHEAD_RESET_MS, typeAhead, type CountryOption } from './phone-rules';

export interface CountrySelectProps {
  options: readonly CountryOption[];
  value: string;
  onChange: (code: string) => void;
  disabled?: boolean;
}

/**
 * A select-only combobox (WAI-ARIA APG): a button that opens a listbox. Typing letters finds a
 * country by name; the typed letters are forgotten 700 ms after the last one (spec §9).
 */
export function CountrySelect({ options, value, onChange, disabled }: CountrySelectProps) {
  const { t } = useLingui();
  const id = useId();
  const listId = `${id}-list`;
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(() =>
    Math.max(
      0,
      options.findIndex((o) => o.code === value),
    ),
  );
  const typed = useRef(EMPTY_TYPE_AHEAD);
  const listRef = useRef<HTMLUListElement>(null);
  const selected = options.find((o) => o.code === value) ?? options[0];

  useEffect(() => {
    if (!open) return;
    listRef.current?.querySelector<HTMLElement>(`[data-index="${active}"]`)?.scrollIntoView?.({ block: 'nearest' });
  }, [open, active]);

  function openList() {
    setActive(
      Math.max(
        0,
        options.findIndex((o) => o.code === value),
      ),
    );
    setOpen(true);
  }

  function choose(index: number) {
    const option = options[index];
    if (option) onChange(option.code);
    setOpen(false);
  }

  function onKeyDown(event: KeyboardEvent<HTMLButtonElement>) {
    const last = options.length - 1;
    switch (event.key) {
      case 'ArrowDown':
        event.preventDefault();
        if (!open) openList();
        else setActive((i) => Math.min(i + 1, last));
        return;
      case 'ArrowUp':
        event.preventDefault();
        if (!open) openList();
        else setActive((i) => Math.max(i - 1, 0));
        return;
      case 'Home':
        if (open) {
          event.preventDefault();
          setActive(0);
        }
        return;
      case 'End':
        if (open) {
          event.preventDefault();
          setActive(last);
        }
        return;
      case 'Enter':
      case ' ':
        if (event.key === ' ' && typed.current.buffer && Date.now() - typed.current.at <= TYPE_AHEAD_RESET_MS) break; // a space inside a name
        event.preventDefault();
        if (open) choose(active);
        else openList();
        return;
      case 'Escape':
        if (open) {
          event.preventDefault();
          setOpen(false);
        }
        return;
      case 'Tab':
        if (open) choose(active);
        return;
    }
    if (event.key.length === 1 && !event.ctrlKey && !event.metaKey && !event.altKey) {
      typed.current = typeAhead(typed.current, event.key, Date.now());
      const found = findCountry(options, typed.current.buffer, open ? active : options.findIndex((o) => o.code === value));
      if (found >= 0) {
        if (!open) setOpen(true);
        setActive(found);
      }
    }
  }

  return (
    <div className="country-select">
      <button
        type="button"
        className="country-select__button"
        role="combobox"
        aria-haspopup="listbox"
        aria-expanded={open}
        aria-controls={listId}
        aria-activedescendant={open ? `${id}-opt-${active}` : undefined}
        // The name holds the visible dial code (WCAG 2.5.3: "+966" is what a voice user says).
        aria-label={selected ? t`Country: ${selected.name} +${selected.callingCode}` : t`Country`}
        disabled={disabled}
        onClick={() => (open ? setOpen(false) : openList())}
        onKeyDown={onKeyDown}
        onBlur={() => setOpen(false)}
      >
        <span aria-hidden="true">{selected ? flagOf(selected.code) : ''}</span>
        <bdi dir="ltr">+{selected?.callingCode}</bdi>
      </button>
      {/* The ~250 countries are in the page only while the list is open: closed, the field costs a
          button, not a thousand nodes to hydrate and re-render with every keystroke of the form. */}
      <ul id={listId} ref={listRef} role="listbox" className="country-select__list" aria-label={t`Countries`} hidden={!open}>
        {open &&
          options.map((option, index) => (
            <li
              key={option.code}
              id={`${id}-opt-${index}`}
              data-index={index}
              role="option"
              aria-selected={option.code === value}
              className={index === active ? 'country-select__option country-select__option--active' : 'country-select__option'}
              // Keep focus on the button (the combobox) while picking with the mouse.
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => choose(index)}
            >
              <span aria-hidden="true">{flagOf(option.code)}</span>
              <span className="country-select__name" dir="auto">
                {option.name}
              </span>
              <bdi dir="ltr" className="country-select__code">
                +{option.callingCode}
              </bdi>
            </li>
          ))}
      </ul>
    </div>
  );
}
