import type { ReactNode } from 'react';
import { Icon } from './Icon';

export interface EmptyStateProps {
  readonly text: ReactNode;
  readonly icon?: ReactNode;
  readonly action?: ReactNode;
}

/** What an empty list shows in its place (no cards, no transactions). */
export function EmptyState({ text, icon, action }: EmptyStateProps) {
  return (
    <div className="empty-state">
      <span className="empty-state__icon">{icon ?? <Icon name="empty" size={32} />}</span>
      <p className="empty-state__text">{text}</p>
      {action}
    </div>
  );
}
