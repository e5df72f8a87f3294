import { Children, type ReactNode, useCallback, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { RESIZE_DEBOUNCE_MS, SCROLL_LOAD_VIEWPORTS, SCROLL_THROTTLE_MS } from '../timings';
import { Button } from './Button';
import { Spinner } from './Spinner';
import { afterNextPaint, debounce, throttle } from './timing';

export interface InfiniteListProps {
  readonly children: ReactNode;
  /** More pages exist (the last answer had a next cursor). */
  readonly hasMore: boolean;
  readonly loading: boolean;
  /** The last page failed: shows an error row with Retry instead of loading more on scroll. */
  readonly error?: boolean;
  readonly onLoadMore: () => void;
  /** Defaults to onLoadMore. */
  readonly onRetry?: () => void;
  readonly className?: string;
}

/**
 * A list that asks for its next page while its end is within two viewport heights of the bottom of the
 * screen: checked on scroll (throttled to 150 ms), on resize (debounced by 100 ms) and once a page that
 * arrived has been painted, so a short first page fills the screen.
 */
export function InfiniteList({
  children,
  hasMore,
  loading,
  error = false,
  onLoadMore,
  onRetry,
  className,
}: InfiniteListProps) {
  const { t } = useTranslation();
  const end = useRef<HTMLDivElement>(null);
  const latest = useRef({ hasMore, loading, error, onLoadMore });
  latest.current = { hasMore, loading, error, onLoadMore };

  const check = useCallback(() => {
    const state = latest.current;
    if (!state.hasMore || state.loading || state.error || end.current === null) return;
    const viewportHeight = window.innerHeight;
    const distanceToEnd = end.current.getBoundingClientRect().bottom - viewportHeight;
    if (distanceToEnd <= SCROLL_LOAD_VIEWPORTS * viewportHeight) state.onLoadMore();
  }, []);

  useEffect(() => {
    const onScroll = throttle(check, SCROLL_THROTTLE_MS);
    const onResize = debounce(check, RESIZE_DEBOUNCE_MS);
    // Capture catches scrolling of inner containers too (scroll events do not bubble).
    window.addEventListener('scroll', onScroll, { passive: true, capture: true });
    window.addEventListener('resize', onResize);
    return () => {
      window.removeEventListener('scroll', onScroll, { capture: true });
      window.removeEventListener('resize', onResize);
      onScroll.cancel();
      onResize.cancel();
    };
  }, [check]);

  const itemCount = Children.count(children);
  // After the paint: a page that just rendered is measured without delaying its first paint.
  useEffect(() => afterNextPaint(check), [check, itemCount, hasMore, loading, error]);

  return (
    <div className={className ? `infinite-list ${className}` : 'infinite-list'} aria-busy={loading}>
      {children}
      <div ref={end} className="infinite-list__end" />
      {loading && (
        <div className="infinite-list__status">
          <Spinner size={24} label={t('common.loading')} />
        </div>
      )}
      {error && !loading && (
        <div className="infinite-list__status" role="alert">
          <span>{t('common.loadMoreFailed')}</span>
          <Button mode="plain" size="small" onClick={onRetry ?? onLoadMore}>
            {t('common.retry')}
          </Button>
        </div>
      )}
    </div>
  );
}
