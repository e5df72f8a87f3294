import { type ReactNode, useId } from 'react';

export interface SectionProps {
  readonly header?: ReactNode;
  readonly footer?: ReactNode;
  readonly children: ReactNode;
  readonly className?: string;
}

/** A group of rows on a raised surface, with an optional header (its accessible name) and footer note. */
export function Section({ header, footer, children, className }: SectionProps) {
  const headerId = useId();
  return (
    <section className={className ? `section ${className}` : 'section'} aria-labelledby={header ? headerId : undefined}>
      {header && (
        <h2 className="section__header" id={headerId}>
          {header}
        </h2>
      )}
      <div className="section__body">{children}</div>
      {footer && <div className="section__footer">{footer}</div>}
    </section>
  );
}
