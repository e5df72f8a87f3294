import { formatMoney } from '../../domain/format';
import type { Money } from '../../domain/money';

export interface AmountPresetsProps {
  readonly presets: readonly Money[];
  readonly isSelected: (amount: Money) => boolean;
  readonly onChoose: (amount: Money) => void;
  /** Names the group of buttons. */
  readonly label: string;
}

/** Quick-pick donation amounts: toggle buttons, the one matching the typed amount pressed. */
export function AmountPresets({ presets, isSelected, onChoose, label }: AmountPresetsProps) {
  return (
    <div className="amount-presets" role="group" aria-label={label}>
      {presets.map((amount) => (
        <button
          key={amount.minor}
          type="button"
          className="amount-presets__item"
          aria-pressed={isSelected(amount)}
          onClick={() => onChoose(amount)}
        >
          <span dir="ltr">{formatMoney(amount)}</span>
        </button>
      ))}
    </div>
  );
}
