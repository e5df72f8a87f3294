import { type ReactNode, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../components/Button';
import { Placeholder } from '../components/Placeholder';
import { DelayedSpinner } from './DelayedSpinner';
import { useFirstScreenShown } from './firstPaint';
import { type BackPolicy, type MainButtonConfig, useHostBackButton, useHostMainButton } from './hostButtons';
import { READY, type ScreenState } from './screenState';

export interface ScreenProps {
  /** The document title (what assistive technology announces for the page). */
  readonly title: string;
  /** Loading and error states of the screen's data; ready (the default) renders the children. */
  readonly state?: ScreenState;
  /** Offered as "Retry" in the error state; without it the error has no button. */
  readonly onRetry?: () => void;
  /** The host back button: 'auto' (default) shows it after an in-app navigation and goes back. */
  readonly back?: BackPolicy;
  /** The host main button, shown only while the screen is ready. */
  readonly mainButton?: MainButtonConfig;
  readonly children?: ReactNode;
  readonly className?: string;
}

/**
 * The frame of every screen: the spinner after 600 ms of loading, the error state ("Error", "Something went
 * wrong.", Retry when a retry exists), and the host back and main buttons through the platform port.
 */
export function Screen({ title, state = READY, onRetry, back = 'auto', mainButton, children, className }: ScreenProps) {
  const { t } = useTranslation();
  useEffect(() => {
    document.title = title;
  }, [title]);
  useHostBackButton(back);
  useHostMainButton(state.status === 'ready' ? mainButton : undefined);
  useFirstScreenShown(state.status !== 'loading');

  let content: ReactNode = null;
  if (state.status === 'ready') content = children;
  else if (state.status === 'loading') content = <DelayedSpinner />;
  else if (state.status === 'error') {
    content = (
      <Placeholder
        className="screen-error"
        title={t('common.error')}
        text={t('common.somethingWentWrong')}
        actions={onRetry && <Button onClick={onRetry}>{t('common.retry')}</Button>}
      />
    );
  }
  return (
    <main
      className={className ? `screen ${className}` : 'screen'}
      aria-busy={state.status === 'loading'}
      data-state={state.status}
      data-error-code={state.status === 'error' ? state.code : undefined}
    >
      {content}
    </main>
  );
}
