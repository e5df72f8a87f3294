/** The operator console's composition root (admin.html): never imported by the mini-app. */
import { createRoot } from 'react-dom/client';
import { I18nextProvider } from 'react-i18next';
import { ADMIN_TOKENS, createAdminContainer, windowBrowser } from './di';
import { createAdminI18n } from './i18n';
import type { Language, ShellViewModel } from './viewModels/ShellViewModel';
import AdminApp from './views/AdminApp';
import './admin.css';

async function start(): Promise<void> {
  const initial: Language = windowBrowser.stored('admin.language') === 'ru' ? 'ru' : 'en';
  const i18n = await createAdminI18n(initial);
  const container = createAdminContainer(windowBrowser, (language) => {
    void i18n.changeLanguage(language);
    document.documentElement.lang = language;
  });
  document.documentElement.lang = initial;
  const shell = container.get<ShellViewModel>(ADMIN_TOKENS.ShellViewModel);
  window.addEventListener('popstate', () => shell.followUrl());
  createRoot(document.getElementById('root')!).render(
    <I18nextProvider i18n={i18n}>
      <AdminApp vm={shell} />
    </I18nextProvider>,
  );
}

void start();
