/** The console's frame: who is signed in, which queue is open (from the URL), the theme and the language. */
import { makeAutoObservable, runInAction } from 'mobx';
import type { AdminPort } from '../api/AdminApi';
import type { OperatorRole } from '../../contract/admin';
import { LANGUAGE_NAMES } from '../../domain/languageNames';
import { type CompleteLocale, PAGE_LOCALES, offeredLanguage } from '../../domain/languages';
import { QUEUES, type QueueDefinition } from '../queues/definitions';
import { type Downloader, QueueViewModel } from './QueueViewModel';

export type Theme = 'light' | 'dark';
/** The console speaks every page language of the mini-app. */
export type Language = CompleteLocale;

/** Local storage key of the console's chosen language (the mini-app's own choice is stored apart). */
export const LANGUAGE_KEY = 'admin.language';

/** The language the console opens in: the stored choice, else the browser's first language it speaks, else English. */
export function initialLanguage(browser: Pick<Browser, 'stored' | 'languages'>): Language {
  for (const candidate of [browser.stored(LANGUAGE_KEY), ...browser.languages()]) {
    const language = offeredLanguage(candidate, PAGE_LOCALES);
    if (language !== null) return language;
  }
  return 'en';
}

/** What the shell needs from the browser (kept narrow so tests can drive it). */
export interface Browser extends Downloader {
  path(): string;
  search(): string;
  push(path: string): void;
  stored(key: string): string | null;
  store(key: string, value: string): void;
  prefersDark(): boolean;
  /** The browser's languages, most preferred first (navigator.languages). */
  languages(): readonly string[];
}

export type Session =
  { kind: 'checking' } | { kind: 'signedIn'; telegramId: number; role: OperatorRole } | { kind: 'signedOut' };

export class ShellViewModel {
  session: Session = { kind: 'checking' };
  queue: QueueViewModel;
  theme: Theme;
  language: Language;

  constructor(
    private readonly api: AdminPort,
    private readonly browser: Browser,
    private readonly changeLanguage: (language: Language) => void,
  ) {
    this.theme = (browser.stored('admin.theme') as Theme | null) ?? (browser.prefersDark() ? 'dark' : 'light');
    this.language = initialLanguage(browser);
    this.queue = this.queueFromUrl();
    makeAutoObservable<ShellViewModel, 'api' | 'browser' | 'changeLanguage'>(this, {
      api: false,
      browser: false,
      changeLanguage: false,
    });
  }

  get queues(): readonly QueueDefinition[] {
    return QUEUES.filter((queue) => !queue.hidden);
  }

  private queueFromUrl(): QueueViewModel {
    const id =
      this.browser
        .path()
        .replace(/^\/admin\/?/, '')
        .split('/')[0] || 'channels';
    const definition = QUEUES.find((queue) => queue.id === id) ?? QUEUES[0]!;
    const filters = Object.fromEntries(new URLSearchParams(this.browser.search()));
    return new QueueViewModel(
      this.api,
      this.browser,
      definition,
      filters,
      (queue, with_) => this.open(queue, with_),
      () => (this.session.kind === 'signedIn' ? this.session.role : 'viewer'),
    );
  }

  async start(): Promise<void> {
    try {
      const me = await this.api.me();
      runInAction(() => {
        this.session = { kind: 'signedIn', telegramId: me.operator.telegramId, role: me.operator.role };
      });
      await this.queue.load();
    } catch {
      runInAction(() => {
        this.session = { kind: 'signedOut' };
      });
    }
  }

  get signedOut(): boolean {
    return this.session.kind === 'signedOut' || this.queue.state.kind === 'signedOut';
  }

  open(queue: string, filters: Record<string, string> = {}): void {
    const query = new URLSearchParams(filters).toString();
    this.browser.push(`/admin/${queue}${query ? `?${query}` : ''}`);
    this.queue = this.queueFromUrl();
    void this.queue.load();
  }

  /** Back and forward in the browser. */
  followUrl(): void {
    this.queue = this.queueFromUrl();
    void this.queue.load();
  }

  /** The language control's options: every language in its own name. */
  get languages(): readonly { readonly code: Language; readonly name: string }[] {
    return PAGE_LOCALES.map((code) => ({ code, name: LANGUAGE_NAMES[code] }));
  }

  toggleTheme(): void {
    this.theme = this.theme === 'dark' ? 'light' : 'dark';
    this.browser.store('admin.theme', this.theme);
  }

  /** Applies and stores one of the offered languages; anything else is ignored. */
  setLanguage(code: string): void {
    const language = PAGE_LOCALES.find((offered) => offered === code);
    if (language === undefined) return;
    this.language = language;
    this.browser.store(LANGUAGE_KEY, language);
    this.changeLanguage(language);
  }

  async signOut(): Promise<void> {
    await this.api.signOut().catch(() => undefined);
    runInAction(() => {
      this.session = { kind: 'signedOut' };
    });
  }
}
