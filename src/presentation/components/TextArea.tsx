import { type Ref, type TextareaHTMLAttributes } from 'react';
import { FieldFrame, type FieldFrameProps } from './Field';

type NativeTextArea = Omit<
  TextareaHTMLAttributes<HTMLTextAreaElement>,
  'value' | 'onChange' | 'maxLength' | 'children' | 'id'
>;

export interface TextAreaProps extends NativeTextArea, Omit<FieldFrameProps, 'children'> {
  readonly onChange: (value: string) => void;
  readonly textAreaRef?: Ref<HTMLTextAreaElement>;
}

/** A labelled multi-line input that grows with its content (CSS field-sizing), with the remaining-characters counter. */
export function TextArea({
  label,
  hideLabel,
  hint,
  error,
  maxLength,
  value,
  onChange,
  textAreaRef,
  rows = 3,
  className,
  ...native
}: TextAreaProps) {
  return (
    <FieldFrame label={label} hideLabel={hideLabel} hint={hint} error={error} maxLength={maxLength} value={value}>
      {({ id, describedBy, invalid }) => (
        <textarea
          {...native}
          ref={textAreaRef}
          id={id}
          rows={rows}
          className={
            className ? `field__input field__input--multiline ${className}` : 'field__input field__input--multiline'
          }
          value={value}
          aria-invalid={invalid || undefined}
          aria-describedby={describedBy}
          onChange={(event) => onChange(event.target.value)}
        />
      )}
    </FieldFrame>
  );
}
