import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import { Button } from '../components/Button';
import type { ErrorConsoleStore } from './ErrorConsoleStore';
import './errorConsole.css';

/** The on-screen error console of /debug: lists the page's console errors on every screen while switched on. */
export const ErrorConsole = observer(function ErrorConsole({ store }: { store: ErrorConsoleStore }) {
  const { t } = useTranslation();
  if (!store.enabled) return null;
  return (
    <section className="error-console" aria-label={t('devtools.errorConsole.title')}>
      <div className="error-console__bar">
        <h2 className="error-console__title">{t('devtools.errorConsole.count', { count: store.entries.length })}</h2>
        <Button mode="plain" size="small" onClick={store.clear}>
          {t('devtools.errorConsole.clear')}
        </Button>
        <Button mode="plain" size="small" onClick={() => store.setEnabled(false)}>
          {t('devtools.errorConsole.hide')}
        </Button>
      </div>
      <ol className="error-console__list" aria-live="polite">
        {store.entries.map((entry) => (
          <li key={entry.id}>{entry.text}</li>
        ))}
      </ol>
    </section>
  );
});
