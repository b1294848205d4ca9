import { useLingui } from '@lingui/react/macro';
import type { OptionAvailability } from '../../../machines/lib/variant-selection';
import type { OptionGroupView } from '../../lib/catalogue/types';

const CSS_COLOR = /^(#[0-9a-f]{3,8}|[a-z]{3,20})$/i;

export interface OptionPickerProps {
  group: OptionGroupView;
  selectedId: string | undefined;
  availability: Record<string, OptionAvailability>;
  onSelect: (groupId: string, optionId: string) => void;
}

/**
 * One option group as a native radio group (arrow keys move, Tab leaves): colours as swatches
 * with their name as the accessible label, other options as text buttons. An option that leads
 * to a sold-out variant stays selectable (the shopper may want to see it) and says so.
 */
export function OptionPicker({ group, selectedId, availability, onSelect }: OptionPickerProps) {
  const { t } = useLingui();
  const selected = group.options.find((o) => o.id === selectedId);
  const isColor = group.type === 'color';
  const name = `option-${group.id}`;
  return (
    <fieldset className={`option-picker option-picker--${isColor ? 'color' : 'text'}`}>
      <legend className="option-picker__legend">
        {group.name}
        {selected && (
          <>
            : <span className="option-picker__current">{selected.name}</span>
          </>
        )}
      </legend>
      <div className="option-picker__options">
        {group.options.map((o) => {
          const a = availability[o.id] ?? { exists: true, purchasable: true };
          const soldOut = a.exists && !a.purchasable;
          const swatch = isColor && o.colorCode && CSS_COLOR.test(o.colorCode) ? o.colorCode : null;
          return (
            <label
              key={o.id}
              className={`option-picker__option${soldOut ? ' is-sold-out' : ''}${a.exists ? '' : ' is-unavailable'}`}
              title={o.name}
            >
              <input
                type="radio"
                className="option-picker__input"
                name={name}
                value={o.id}
                checked={o.id === selectedId}
                onChange={() => onSelect(group.id, o.id)}
              />
              {isColor ? (
                <>
                  <span className="option-picker__swatch" style={swatch ? { backgroundColor: swatch } : undefined} aria-hidden="true" />
                  <span className="visually-hidden">{o.name}</span>
                </>
              ) : (
                <span className="option-picker__text">{o.name}</span>
              )}
              {soldOut && <span className="visually-hidden"> {t`(sold out)`}</span>}
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}
