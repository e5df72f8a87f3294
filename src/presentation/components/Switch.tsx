import { type InputHTMLAttributes, useId } from 'react';

interface ToggleProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'checked' | 'onChange' | 'role'> {
  readonly checked: boolean;
  readonly onChange: (checked: boolean) => void;
  /** Visible label; omit it inside a <Cell as="label"> and pass `aria-label` or rely on the cell's text. */
  readonly label?: string;
}

function Toggle({
  kind,
  checked,
  onChange,
  label,
  className,
  ...native
}: ToggleProps & { kind: 'switch' | 'checkbox' }) {
  const id = useId();
  const input = (
    <input
      {...native}
      id={native.id ?? id}
      type="checkbox"
      role={kind === 'switch' ? 'switch' : undefined}
      className={`${kind}${className ? ` ${className}` : ''}`}
      checked={checked}
      onChange={(event) => onChange(event.target.checked)}
    />
  );
  if (!label) return input;
  return (
    <label className="toggle-label" htmlFor={native.id ?? id}>
      {input}
      <span>{label}</span>
    </label>
  );
}

export type SwitchProps = ToggleProps;
export type CheckboxProps = ToggleProps;

/** An on/off switch (a native checkbox with the switch role). */
export function Switch(props: SwitchProps) {
  return <Toggle {...props} kind="switch" />;
}

/** A checkbox (terms acceptance and the like). */
export function Checkbox(props: CheckboxProps) {
  return <Toggle {...props} kind="checkbox" />;
}
