import { type ReactNode, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { remainingCharacters } from '../../domain/text-limits';

export interface FieldFrameProps {
  readonly label: string;
  /** Hides the label visually (it still names the control). */
  readonly hideLabel?: boolean;
  readonly hint?: ReactNode;
  /** Error text; marks the control invalid. */
  readonly error?: ReactNode;
  /** With `value`, shows the remaining-characters counter once 20 or fewer remain (negative when exceeded). */
  readonly maxLength?: number;
  readonly value: string;
  readonly children: (control: { id: string; describedBy: string | undefined; invalid: boolean }) => ReactNode;
}

/** Label, control, counter, hint and error of one form field, wired together for assistive technology. */
export function FieldFrame({ label, hideLabel, hint, error, maxLength, value, children }: FieldFrameProps) {
  const { t } = useTranslation();
  const id = useId();
  const remaining = maxLength === undefined ? null : remainingCharacters(value, maxLength);
  const invalid = Boolean(error) || (remaining !== null && remaining < 0);
  const describedBy =
    [remaining !== null && `${id}-counter`, hint && `${id}-hint`, error && `${id}-error`].filter(Boolean).join(' ') ||
    undefined;
  return (
    <div className={`field${invalid ? ' field--invalid' : ''}`}>
      <label className={hideLabel ? 'field__label visually-hidden' : 'field__label'} htmlFor={id}>
        {label}
      </label>
      <div className="field__control">
        {children({ id, describedBy, invalid })}
        {remaining !== null && (
          <span className="field__counter" id={`${id}-counter`}>
            <span aria-hidden="true">{remaining}</span>
            <span className="visually-hidden">
              {remaining < 0
                ? t('common.charactersOver', { count: -remaining })
                : t('common.charactersLeft', { count: remaining })}
            </span>
          </span>
        )}
      </div>
      {hint && (
        <div className="field__hint" id={`${id}-hint`}>
          {hint}
        </div>
      )}
      {error && (
        <div className="field__error" id={`${id}-error`}>
          {error}
        </div>
      )}
    </div>
  );
}
