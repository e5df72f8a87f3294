/** The operator console's composition root (admin.html): never imported by the mini-app. */
import { createRoot } from 'react-dom/client';
import { I18nextProvider } from 'react-i18next';
import { ADMIN_TOKENS, createAdminContainer, windowBrowser } from './di';
import { createAdminI18n } from './i18n';
import { type ShellViewModel, initialLanguage } from './viewModels/ShellViewModel';
import AdminApp from './views/AdminApp';
import './admin.css';

async function start(): Promise<void> {
  const texts = await createAdminI18n(initialLanguage(windowBrowser));
  const container = createAdminContainer(windowBrowser, (language) => void texts.show(language));
  const shell = container.get<ShellViewModel>(ADMIN_TOKENS.ShellViewModel);
  window.addEventListener('popstate', () => shell.followUrl());
  createRoot(document.getElementById('root')!).render(
    <I18nextProvider i18n={texts.i18n}>
      <AdminApp vm={shell} />
    </I18nextProvider>,
  );
}

void start();
