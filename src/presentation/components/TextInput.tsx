import { type InputHTMLAttributes, type Ref } from 'react';
import { FieldFrame, type FieldFrameProps } from './Field';

type NativeInput = Omit<InputHTMLAttributes<HTMLInputElement>, 'value' | 'onChange' | 'maxLength' | 'children' | 'id'>;

export interface TextInputProps extends NativeInput, Omit<FieldFrameProps, 'children'> {
  readonly onChange: (value: string) => void;
  readonly inputRef?: Ref<HTMLInputElement>;
  /** Text after the value (a currency). */
  readonly suffix?: string;
}

/**
 * A labelled one-line input. `maxLength` does not cut typing: the counter goes negative and the field turns
 * invalid, so pasted text can be edited down (validation reports the limit).
 */
export function TextInput({
  label,
  hideLabel,
  hint,
  error,
  maxLength,
  value,
  onChange,
  inputRef,
  suffix,
  className,
  ...native
}: TextInputProps) {
  return (
    <FieldFrame label={label} hideLabel={hideLabel} hint={hint} error={error} maxLength={maxLength} value={value}>
      {({ id, describedBy, invalid }) => (
        <>
          <input
            {...native}
            ref={inputRef}
            id={id}
            className={className ? `field__input ${className}` : 'field__input'}
            value={value}
            aria-invalid={invalid || undefined}
            aria-describedby={describedBy}
            onChange={(event) => onChange(event.target.value)}
          />
          {suffix && (
            <span className="field__suffix" aria-hidden="true">
              {suffix}
            </span>
          )}
        </>
      )}
    </FieldFrame>
  );
}
