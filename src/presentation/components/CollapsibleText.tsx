import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { COLLAPSIBLE_TEXT_LIMIT, truncateForCollapse } from '../../domain/format-light';

export interface CollapsibleTextProps {
  readonly text: string;
  /** Characters shown while collapsed (100 by default, spec section 9). */
  readonly limit?: number;
  readonly className?: string;
}

/** Long text cut at `limit` characters with a "More" button that shows the rest (and "Less" to fold it back). */
export function CollapsibleText({ text, limit = COLLAPSIBLE_TEXT_LIMIT, className }: CollapsibleTextProps) {
  const { t } = useTranslation();
  const [expanded, setExpanded] = useState(false);
  const collapsed = truncateForCollapse(text, limit);
  return (
    // A person's own text: its direction comes from its first letter, not from the page's.
    <p className={className ? `collapsible ${className}` : 'collapsible'} dir="auto">
      {expanded || !collapsed.truncated ? text : collapsed.text}
      {collapsed.truncated && (
        <>
          {' '}
          <button type="button" className="link-button" aria-expanded={expanded} onClick={() => setExpanded(!expanded)}>
            {expanded ? t('common.less') : t('common.more')}
          </button>
        </>
      )}
    </p>
  );
}
