import { byId, el } from './dom';
import { sandboxApi, type ChatMessage } from './sandboxApi';

const pollMs = 3000;

/** Who is chatting: the account the app runs as. */
export interface ChatUser {
  readonly telegramId: number;
  readonly firstName: string;
  readonly username?: string;
  readonly languageCode?: string;
}

/**
 * The bot chat: the current account's private chat with the bot, as their Telegram shows it (GET
 * /sandbox/bot-api/chat): every message the product sends that person (renewal reminders, access links, failed
 * payments, verification and payout notices) and what they wrote. Writing sends the bot a message update, so
 * commands (/start, /help, a subscription's $command) answer here. Each account sees only its own chat; a button
 * opens its link as Telegram would (`press`). Polls every 3 s.
 */
export class BotChatPane {
  private readonly list = byId<HTMLOListElement>('bot-chat-list');
  private readonly empty = byId('bot-chat-empty');
  private readonly title = byId('bot-chat-title');
  private readonly form = byId<HTMLFormElement>('bot-chat-form');
  private readonly input = byId<HTMLInputElement>('bot-chat-input');
  private user: ChatUser | undefined;
  private timer: number | undefined;
  private lastRendered = '';
  private loading: Promise<void> | undefined;

  constructor(private readonly press: (url: string) => void) {
    byId('bot-chat-refresh').addEventListener('click', () => void this.refresh());
    this.form.addEventListener('submit', (event) => {
      event.preventDefault();
      void this.send();
    });
  }

  /** Switches to an account: its own chat, never the previous one's. */
  setUser(user: ChatUser): void {
    if (user.telegramId !== this.user?.telegramId) {
      this.lastRendered = '';
      this.list.replaceChildren();
      this.empty.hidden = false;
    }
    this.user = user;
    this.title.textContent = `Bot chat of ${user.firstName}`;
    this.form.hidden = false;
    void this.refresh();
    window.clearInterval(this.timer);
    this.timer = window.setInterval(() => void this.refresh(), pollMs);
  }

  refresh(): Promise<void> {
    // A poll joins a load in flight.
    this.loading ??= this.load()
      .catch((error: unknown) => console.warn('bot chat refresh failed', error))
      .finally(() => (this.loading = undefined));
    return this.loading;
  }

  private async load(): Promise<void> {
    const user = this.user;
    if (user === undefined) return;
    const messages = await sandboxApi.chat(user.telegramId);
    // The account may have changed while the answer was on its way: never show one person another's chat.
    if (user.telegramId === this.user?.telegramId) this.render(messages);
  }

  private async send(): Promise<void> {
    const user = this.user;
    const text = this.input.value.trim();
    if (user === undefined || text === '') return;
    this.input.value = '';
    try {
      await sandboxApi.writeToBot(user, text);
    } catch (error) {
      console.warn('writing to the bot failed', error);
    }
    await this.refresh();
  }

  private render(messages: ChatMessage[]): void {
    const snapshot = JSON.stringify(messages);
    if (snapshot === this.lastRendered) return;
    this.lastRendered = snapshot;
    this.empty.hidden = messages.length > 0;
    this.list.replaceChildren(...messages.map((message) => this.renderMessage(message)));
    this.list.scrollTop = this.list.scrollHeight;
  }

  private renderMessage(message: ChatMessage): HTMLElement {
    const at = new Date(message.date * 1000);
    return el(
      'li',
      { className: 'chat-message', 'data-from': message.from, 'data-message-id': message.messageId },
      el('span', { className: 'visually-hidden' }, message.from === 'bot' ? 'Bot: ' : 'You: '),
      message.photo ? el('span', { className: 'mark' }, 'Photo') : undefined,
      el('p', { className: 'post-text' }, message.text),
      message.buttons.length
        ? el(
            'div',
            { className: 'post-buttons' },
            ...message.buttons.map((button) => {
              const element = el('button', { type: 'button', 'data-url': button.url }, button.text);
              element.addEventListener('click', () => this.press(button.url));
              return element;
            }),
          )
        : undefined,
      el(
        'time',
        { dateTime: at.toISOString() },
        at.toLocaleString(undefined, { dateStyle: 'short', timeStyle: 'short' }),
      ),
    );
  }
}
