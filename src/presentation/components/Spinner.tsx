export interface SpinnerProps {
  readonly size?: number;
  /** Accessible name (e.g. "Loading…"); without it the spinner is decorative. */
  readonly label?: string;
}

export function Spinner({ size = 28, label }: SpinnerProps) {
  return (
    <span
      className="spinner"
      style={{ width: size, height: size }}
      role={label ? 'status' : undefined}
      aria-label={label}
      aria-hidden={label ? undefined : true}
    />
  );
}
