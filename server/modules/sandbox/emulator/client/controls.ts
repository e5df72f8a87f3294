import { byId, el } from './dom';
import { clientById, clients, languages, schemeOf, type ClientChoice } from './launch';
import type { DemoUser, KnownChannel } from './sandboxApi';
import type { ColorScheme } from './themes';

/** Who launches the app and how; read from the form. */
export interface LaunchSettings {
  telegramId: number;
  firstName: string;
  username?: string;
  languageCode: string;
  client: ClientChoice;
  scheme: ColorScheme;
  startParam?: string;
  /** Same-origin path replacing the app's (fixture pages in tests); only from the page URL's `app` parameter. */
  appPath?: string;
  /** Channels the seed gave this user (when /sandbox/users lists them). */
  channels: KnownChannel[];
}

interface StoredSettings {
  user?: string;
  newUserId?: number;
  newUserName?: string;
  newUserUsername?: string;
  client?: string;
  scheme?: ColorScheme;
  language?: string;
  startParam?: string;
}

const storageKey = 'backers-emulator:settings';
const newUserValue = 'new';

/** A telegram id unlikely to collide with the seed or earlier runs (kept below 2^31 like long-standing accounts). */
export function freshTelegramId(): number {
  return 1_000_000_000 + Math.floor(Math.random() * 1_000_000_000);
}

/**
 * The launch form. The page URL can preset it (and `launch=1` launches at once), which is how e2e tests open it:
 * `user` (a demo telegram id, any other id for a new user, or `new`), `name`, `username`, `platform`
 * (ios, android-7.10, android-6.6, tdesktop), `theme` (light, dark), `lang`, `start`, `app`.
 */
export class LaunchControls {
  private readonly form = byId<HTMLFormElement>('launch-form');
  private readonly userSelect = byId<HTMLSelectElement>('user-select');
  private readonly newUserFields = byId<HTMLFieldSetElement>('new-user-fields');
  private readonly newUserId = byId<HTMLInputElement>('new-user-id');
  private readonly newUserName = byId<HTMLInputElement>('new-user-name');
  private readonly newUserUsername = byId<HTMLInputElement>('new-user-username');
  private readonly platformSelect = byId<HTMLSelectElement>('platform-select');
  private readonly languageSelect = byId<HTMLSelectElement>('language-select');
  private readonly startParam = byId<HTMLInputElement>('start-param');
  private readonly status = byId('launch-status');
  private users: DemoUser[] = [];
  private appPath: string | undefined;

  constructor(handlers: { launch(settings: LaunchSettings): void; schemeChanged(scheme: ColorScheme): void }) {
    this.platformSelect.append(...clients.map((c) => el('option', { value: c.id }, c.label)));
    this.languageSelect.append(
      ...languages.map((l) => el('option', { value: l.code, lang: l.code }, `${l.name} (${l.code})`)),
    );
    this.userSelect.addEventListener('change', () => this.syncNewUser());
    byId('new-user-regenerate').addEventListener('click', () => {
      this.newUserId.value = String(freshTelegramId());
    });
    for (const radio of this.schemeRadios())
      radio.addEventListener('change', () => handlers.schemeChanged(this.scheme()));
    this.form.addEventListener('change', () => this.persist());
    this.form.addEventListener('submit', (event) => {
      event.preventDefault();
      const settings = this.read();
      if (typeof settings === 'string') this.setStatus(settings, true);
      else handlers.launch(settings);
    });
  }

  /** Fills the form from the seed's users, stored settings and the page URL. Answers whether to launch now. */
  init({ demo, recent }: { demo: DemoUser[]; recent: DemoUser[] }, query: URLSearchParams): boolean {
    const users = [...demo, ...recent];
    this.users = users;
    const option = (u: DemoUser) =>
      el(
        'option',
        { value: String(u.telegramId) },
        `${u.firstName}${u.username ? ` (@${u.username})` : ''} · ${u.telegramId}${u.description ? ` · ${u.description}` : ''}`,
      );
    this.userSelect.replaceChildren(
      el('optgroup', { label: 'Demo accounts' }, ...demo.map(option)),
      ...(recent.length ? [el('optgroup', { label: 'Other users' }, ...recent.map(option))] : []),
      el('option', { value: newUserValue }, 'New user…'),
    );
    const stored = this.stored();
    const queryUser = query.get('user');
    let user = queryUser ?? stored.user ?? (users[0] ? String(users[0].telegramId) : newUserValue);
    let newUserId = stored.newUserId ?? freshTelegramId();
    let newUserName = stored.newUserName ?? 'Nina';
    let newUserUsername = stored.newUserUsername ?? '';
    if (queryUser && queryUser !== newUserValue && !users.some((u) => String(u.telegramId) === queryUser)) {
      newUserId = Number(queryUser);
      user = newUserValue;
    } else if (queryUser === newUserValue) {
      newUserId = freshTelegramId();
    }
    if (query.has('name')) newUserName = query.get('name') ?? '';
    if (query.has('username')) newUserUsername = query.get('username') ?? '';
    this.userSelect.value = users.some((u) => String(u.telegramId) === user) ? user : newUserValue;
    this.newUserId.value = String(newUserId);
    this.newUserName.value = newUserName;
    this.newUserUsername.value = newUserUsername;
    this.platformSelect.value = clientById(query.get('platform') ?? stored.client).id;
    const scheme = schemeOf(query.get('theme') ?? stored.scheme);
    for (const radio of this.schemeRadios()) radio.checked = radio.value === scheme;
    const language = query.get('lang') ?? stored.language ?? 'en';
    this.languageSelect.value = languages.some((l) => l.code === language) ? language : 'en';
    this.startParam.value = query.get('start') ?? stored.startParam ?? '';
    const app = query.get('app');
    this.appPath = app && app.startsWith('/') && !app.startsWith('//') ? app : undefined;
    this.syncNewUser();
    return query.get('launch') === '1';
  }

  /** The current form as launch settings, or a message saying what is missing. */
  read(): LaunchSettings | string {
    const client = clientById(this.platformSelect.value);
    const common = {
      languageCode: this.languageSelect.value,
      client,
      scheme: this.scheme(),
      ...(this.startParam.value.trim() ? { startParam: this.startParam.value.trim() } : {}),
      ...(this.appPath ? { appPath: this.appPath } : {}),
    };
    if (this.userSelect.value !== newUserValue) {
      const user = this.users.find((u) => String(u.telegramId) === this.userSelect.value);
      if (!user) return 'Choose who you are.';
      return {
        ...common,
        telegramId: user.telegramId,
        firstName: user.firstName,
        ...(user.username ? { username: user.username } : {}),
        channels: user.channels,
      };
    }
    const telegramId = Number(this.newUserId.value);
    if (!Number.isSafeInteger(telegramId) || telegramId <= 0) return 'The new user needs a positive Telegram id.';
    const firstName = this.newUserName.value.trim();
    if (!firstName) return 'The new user needs a first name.';
    const username = this.newUserUsername.value.trim().replace(/^@/, '');
    return { ...common, telegramId, firstName, ...(username ? { username } : {}), channels: [] };
  }

  /** Sets the start parameter field (a post's button or a startapp link relaunches with it). */
  setStartParam(value: string | undefined): void {
    this.startParam.value = value ?? '';
    this.persist();
  }

  scheme(): ColorScheme {
    return schemeOf(this.schemeRadios().find((r) => r.checked)?.value);
  }

  setStatus(text: string, isError = false): void {
    this.status.textContent = text;
    this.status.classList.toggle('error', isError);
  }

  private schemeRadios(): HTMLInputElement[] {
    return [...this.form.querySelectorAll<HTMLInputElement>('input[name="scheme"]')];
  }

  private syncNewUser(): void {
    this.newUserFields.hidden = this.userSelect.value !== newUserValue;
  }

  private stored(): StoredSettings {
    try {
      const parsed: unknown = JSON.parse(localStorage.getItem(storageKey) ?? '{}');
      return parsed && typeof parsed === 'object' ? (parsed as StoredSettings) : {};
    } catch {
      return {};
    }
  }

  private persist(): void {
    const settings: StoredSettings = {
      user: this.userSelect.value,
      newUserId: Number(this.newUserId.value),
      newUserName: this.newUserName.value,
      newUserUsername: this.newUserUsername.value,
      client: this.platformSelect.value,
      scheme: this.scheme(),
      language: this.languageSelect.value,
      startParam: this.startParam.value,
    };
    localStorage.setItem(storageKey, JSON.stringify(settings));
  }
}
