import type { Currency } from '../../domain/money';
import { currencyExponent } from '../../domain/money';
import { numberInputOnBlur, sanitizeNumberInput } from '../../domain/number-input';
import { TextInput, type TextInputProps } from './TextInput';

export interface NumberInputProps extends Omit<TextInputProps, 'inputMode' | 'type'> {
  /** Decimals allowed (2 by default). */
  readonly decimals?: number;
}

/**
 * A decimal input (spec section 5): only digits and one point survive typing, commas become points, a leading
 * point gets a zero, at most `decimals` decimals; a trailing point is removed on blur.
 */
export function NumberInput({ decimals, onChange, onBlur, value, ...rest }: NumberInputProps) {
  return (
    <TextInput
      {...rest}
      value={value}
      type="text"
      inputMode="decimal"
      autoComplete="off"
      onChange={(raw) => onChange(sanitizeNumberInput(raw, decimals))}
      onBlur={(event) => {
        const cleaned = numberInputOnBlur(value);
        if (cleaned !== value) onChange(cleaned);
        onBlur?.(event);
      }}
    />
  );
}

/** Symbols are shown only for rub and eur (spec section 9); other currencies show their code. */
export function currencyLabel(currency: Currency): string {
  if (currency === 'eur') return '€';
  if (currency === 'rub') return '₽';
  return currency.toUpperCase();
}

export interface AmountInputProps extends Omit<NumberInputProps, 'decimals' | 'suffix'> {
  readonly currency: Currency;
}

/** A money amount: as many decimals as the currency has (none for jpy and krw), its symbol or code after the value. */
export function AmountInput({ currency, ...rest }: AmountInputProps) {
  return <NumberInput {...rest} decimals={currencyExponent(currency)} suffix={currencyLabel(currency)} />;
}
