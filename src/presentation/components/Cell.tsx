import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { Icon } from './Icon';
import { useRipple } from './Ripple';

interface CellContent {
  readonly title: ReactNode;
  readonly subtitle?: ReactNode;
  /** Avatar, icon or badge at the start. */
  readonly before?: ReactNode;
  /** Value, switch or badge at the end. */
  readonly after?: ReactNode;
  /** Shows a chevron (navigation hint) after everything else. */
  readonly chevron?: boolean;
  readonly destructive?: boolean;
  /**
   * Ends the title and subtitle with an ellipsis on one line instead of wrapping (the default): only for values
   * that are not read as text, such as a long URL.
   */
  readonly truncate?: boolean;
  readonly className?: string;
}

/** A link to an in-app route. */
interface LinkCell extends CellContent {
  readonly to: string;
  readonly replace?: boolean;
}
/** An action. */
interface ButtonCell extends CellContent {
  readonly onClick: () => void;
  readonly disabled?: boolean;
}
/** Static content; `label` wraps it (e.g. a switch inside) in a <label> so tapping the row toggles the control. */
interface StaticCell extends CellContent {
  readonly as?: 'div' | 'label';
}

export type CellProps = LinkCell | ButtonCell | StaticCell;

/** One row of a section: link, button or static, with before/after slots. */
export function Cell(props: CellProps) {
  const { title, subtitle, before, after, chevron, destructive, truncate, className } = props;
  const { onPointerDown, ripple } = useRipple();
  const classes = ['cell', destructive && 'cell--destructive', truncate && 'cell--truncate', className]
    .filter(Boolean)
    .join(' ');
  const content = (
    <>
      {'to' in props || 'onClick' in props ? ripple : null}
      {before && <span className="cell__before">{before}</span>}
      <span className="cell__main">
        <span className="cell__title">{title}</span>
        {subtitle && <span className="cell__subtitle">{subtitle}</span>}
      </span>
      {after && <span className="cell__after">{after}</span>}
      {chevron && <Icon name="chevron" size={18} className="cell__chevron" />}
    </>
  );
  if ('to' in props) {
    return (
      <Link
        className={`${classes} cell--interactive`}
        to={props.to}
        replace={props.replace}
        onPointerDown={onPointerDown}
      >
        {content}
      </Link>
    );
  }
  if ('onClick' in props) {
    return (
      <button
        type="button"
        className={`${classes} cell--interactive`}
        onClick={props.onClick}
        disabled={props.disabled}
        onPointerDown={onPointerDown}
      >
        {content}
      </button>
    );
  }
  const Tag = props.as ?? 'div';
  return <Tag className={classes}>{content}</Tag>;
}
