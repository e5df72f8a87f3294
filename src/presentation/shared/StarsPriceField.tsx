import type { Ref } from 'react';
import { Button, TextInput } from '../components';
import './starsPrice.css';

export interface StarsPriceFieldProps {
  readonly label: string;
  /** Whole Stars as typed; empty: not sold in Stars. */
  readonly value: string;
  readonly onChange: (value: string) => void;
  readonly inputRef?: Ref<HTMLInputElement>;
  readonly readOnly?: boolean;
  readonly error?: string;
  /** What empty means ("Not sold for Stars"). */
  readonly placeholder: string;
  /** How Stars sell it. */
  readonly hint: string;
  /** The Suggest button's text; absent: no rate, no button. */
  readonly suggestText?: string;
  /** Fills the suggestion; absent while there is none (the button is then disabled). */
  readonly onSuggest?: () => void;
}

/** A price in whole Telegram Stars with how Stars sell it and, when a rate is set, a button filling the suggestion. */
export function StarsPriceField({
  label,
  value,
  onChange,
  inputRef,
  readOnly,
  error,
  placeholder,
  hint,
  suggestText,
  onSuggest,
}: StarsPriceFieldProps) {
  return (
    <div className="stars-price">
      <TextInput
        label={label}
        value={value}
        onChange={onChange}
        inputRef={inputRef}
        readOnly={readOnly}
        error={error}
        inputMode="numeric"
        autoComplete="off"
        suffix="⭐"
        placeholder={placeholder}
        hint={hint}
      />
      {suggestText !== undefined && (
        <Button
          mode="tinted"
          size="small"
          className="stars-price__suggest"
          disabled={readOnly || onSuggest === undefined}
          onClick={onSuggest}
        >
          {suggestText}
        </Button>
      )}
    </div>
  );
}
