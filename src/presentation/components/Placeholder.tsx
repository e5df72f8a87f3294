import type { ReactNode } from 'react';

export interface PlaceholderProps {
  /** Picture above the title (icon, sticker, emoji). */
  readonly icon?: ReactNode;
  readonly title?: ReactNode;
  readonly text?: ReactNode;
  /** Buttons under the text. */
  readonly actions?: ReactNode;
  /** Heading level of the title (1 for a whole-screen state, 2 inside a screen). */
  readonly level?: 1 | 2 | 3;
  readonly className?: string;
}

/** A centred state: error, success, not found, banned, waiting. */
export function Placeholder({ icon, title, text, actions, level = 1, className }: PlaceholderProps) {
  const Heading = `h${level}` as const;
  return (
    <div className={className ? `placeholder ${className}` : 'placeholder'}>
      {icon && <div className="placeholder__icon">{icon}</div>}
      {title && <Heading className="placeholder__title">{title}</Heading>}
      {text && <p className="placeholder__text">{text}</p>}
      {actions && <div className="placeholder__actions">{actions}</div>}
    </div>
  );
}
