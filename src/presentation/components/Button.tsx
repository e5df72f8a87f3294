import type { ButtonHTMLAttributes, ReactNode } from 'react';
import { useRipple } from './Ripple';
import { Spinner } from './Spinner';

export type ButtonMode = 'filled' | 'tinted' | 'plain' | 'destructive';

export interface ButtonProps extends Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'type'> {
  readonly mode?: ButtonMode;
  readonly size?: 'small' | 'medium' | 'large';
  /** Full width of its container. */
  readonly stretched?: boolean;
  /** Shows a spinner instead of the label and ignores clicks (the label stays the accessible name). */
  readonly loading?: boolean;
  readonly before?: ReactNode;
  readonly type?: 'button' | 'submit' | 'reset';
}

export function Button({
  mode = 'filled',
  size = 'medium',
  stretched,
  loading,
  before,
  children,
  className,
  disabled,
  onClick,
  onPointerDown,
  type = 'button',
  ...rest
}: ButtonProps) {
  const { onPointerDown: press, ripple } = useRipple();
  const classes = [
    'button',
    `button--${mode}`,
    `button--${size}`,
    stretched && 'button--stretched',
    loading && 'button--loading',
    className,
  ]
    .filter(Boolean)
    .join(' ');
  return (
    <button
      {...rest}
      type={type}
      className={classes}
      disabled={disabled}
      aria-busy={loading || undefined}
      onClick={loading ? undefined : onClick}
      onPointerDown={(event) => {
        press(event);
        onPointerDown?.(event);
      }}
    >
      {ripple}
      {before}
      <span className="button__label">{children}</span>
      {loading && <Spinner size={20} />}
    </button>
  );
}
