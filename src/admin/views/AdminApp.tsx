/** The console's frame: header (operator, theme, language, sign-out), the queue navigation and the open queue. */
import { observer } from 'mobx-react-lite';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { textDirection } from '../../domain/languages';
import type { ShellViewModel } from '../viewModels/ShellViewModel';
import QueueView from './QueueView';

const AdminApp = observer(function AdminApp({ vm }: { vm: ShellViewModel }) {
  const { t, i18n } = useTranslation();
  useEffect(() => {
    void vm.start();
  }, [vm]);
  // The document says the language its texts are shown in (and Arabic's direction), once they are on the screen.
  useEffect(() => {
    document.documentElement.lang = i18n.language;
    document.documentElement.dir = textDirection(i18n.language);
  }, [i18n.language]);
  useEffect(() => {
    document.body.dataset.theme = vm.theme;
  }, [vm.theme]);
  useEffect(() => {
    document.title = t('admin.title');
  }, [t, i18n.language]);

  if (vm.signedOut) {
    return (
      <main className="admin-signed-out">
        <h1>{t('admin.signedOutTitle')}</h1>
        <p>{t('admin.signedOutText')}</p>
      </main>
    );
  }
  if (vm.session.kind === 'checking') {
    return (
      <main className="admin-signed-out" aria-busy="true">
        <p role="status">{t('admin.checking')}</p>
      </main>
    );
  }
  return (
    <div className="admin">
      <header className="admin-header">
        <p className="admin-brand">{t('admin.title')}</p>
        <div className="admin-header-tools">
          <span>
            {vm.session.kind === 'signedIn'
              ? t('admin.signedInAs', { id: vm.session.telegramId, role: t(`admin.role.${vm.session.role}`) })
              : ''}
          </span>
          <label>
            <span className="visually-hidden">{t('admin.language')}</span>
            <select value={vm.language} onChange={(event) => vm.setLanguage(event.target.value)}>
              {vm.languages.map((language) => (
                <option key={language.code} value={language.code} lang={language.code}>
                  {language.name}
                </option>
              ))}
            </select>
          </label>
          <button type="button" onClick={() => vm.toggleTheme()} aria-pressed={vm.theme === 'dark'}>
            {vm.theme === 'dark' ? t('admin.themeLight') : t('admin.themeDark')}
          </button>
          <button type="button" onClick={() => void vm.signOut()}>
            {t('admin.signOut')}
          </button>
        </div>
      </header>
      <nav className="admin-nav" aria-label={t('admin.nav')}>
        <ul>
          {vm.queues.map((queue) => (
            <li key={queue.id}>
              <a
                href={`/admin/${queue.id}`}
                aria-current={vm.queue.definition.id === queue.id ? 'page' : undefined}
                onClick={(event) => {
                  event.preventDefault();
                  vm.open(queue.id);
                }}
              >
                {t(queue.title)}
              </a>
            </li>
          ))}
        </ul>
      </nav>
      <main className="admin-main">
        <QueueView key={`${vm.queue.definition.id}`} vm={vm.queue} />
      </main>
    </div>
  );
});

export default AdminApp;
