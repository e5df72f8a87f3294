/** The console's container: its HTTP client, the browser port and the shell view model (the composition root's only dependency). */
import { Container } from 'inversify';
import { AdminApi, type AdminPort } from './api/AdminApi';
import { type Browser, type Language, ShellViewModel } from './viewModels/ShellViewModel';

export const ADMIN_TOKENS = {
  AdminApi: Symbol.for('admin.AdminApi'),
  Browser: Symbol.for('admin.Browser'),
  ChangeLanguage: Symbol.for('admin.ChangeLanguage'),
  ShellViewModel: Symbol.for('admin.ShellViewModel'),
} as const;

export const windowBrowser: Browser = {
  path: () => window.location.pathname,
  search: () => window.location.search,
  push: (path) => window.history.pushState(null, '', path),
  stored: (key) => window.localStorage.getItem(key),
  store: (key, value) => window.localStorage.setItem(key, value),
  prefersDark: () => window.matchMedia('(prefers-color-scheme: dark)').matches,
  languages: () => window.navigator.languages ?? [window.navigator.language],
  download: (url) => {
    window.location.assign(url);
  },
};

export function createAdminContainer(browser: Browser, changeLanguage: (language: Language) => void): Container {
  const container = new Container();
  container.bind<AdminPort>(ADMIN_TOKENS.AdminApi).toConstantValue(new AdminApi());
  container.bind<Browser>(ADMIN_TOKENS.Browser).toConstantValue(browser);
  container.bind<(language: Language) => void>(ADMIN_TOKENS.ChangeLanguage).toConstantValue(changeLanguage);
  container
    .bind<ShellViewModel>(ADMIN_TOKENS.ShellViewModel)
    .toResolvedValue(
      (api: AdminPort, from: Browser, change: (language: Language) => void) => new ShellViewModel(api, from, change),
      [ADMIN_TOKENS.AdminApi, ADMIN_TOKENS.Browser, ADMIN_TOKENS.ChangeLanguage],
    )
    .inSingletonScope();
  return container;
}
