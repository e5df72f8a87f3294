import { Component, type ErrorInfo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../components/Button';
import { Placeholder } from '../components/Placeholder';

/** "Something went wrong." with Refresh; also what main.tsx shows when the app cannot start. */
export function CrashScreen({ onRefresh }: { onRefresh: () => void }) {
  const { t } = useTranslation();
  return (
    <main className="screen">
      <Placeholder
        className="screen-error"
        text={t('common.somethingWentWrong')}
        actions={<Button onClick={onRefresh}>{t('common.refresh')}</Button>}
      />
    </main>
  );
}

export interface CrashBoundaryProps {
  readonly children: ReactNode;
  /** Reloads the page by default. */
  readonly onRefresh?: () => void;
}

/** Catches render errors anywhere below: "Something went wrong." with Refresh, which reloads the app. */
export class CrashBoundary extends Component<CrashBoundaryProps, { crashed: boolean }> {
  override state = { crashed: false };

  static getDerivedStateFromError(): { crashed: boolean } {
    return { crashed: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error('Screen crashed', error, info.componentStack);
  }

  override render(): ReactNode {
    if (this.state.crashed) return <CrashScreen onRefresh={this.props.onRefresh ?? (() => window.location.reload())} />;
    return this.props.children;
  }
}
