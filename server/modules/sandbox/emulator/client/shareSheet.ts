import { byId, el } from './dom';

/** What the user sent from the share sheet. */
export interface SharedMessage {
  readonly chat: string;
  readonly message: string;
}

/** The chats the pretend user can share to, as Telegram lists them (Saved Messages first). */
const CHATS = ['Saved Messages', 'Bob Follower', 'Carol Migrating', 'Family group'] as const;

/**
 * Telegram's share sheet for t.me/share/url?url=…&text=… (core.telegram.org/widgets/share: "Telegram asks them to
 * choose a chat, group or channel where your link will be shared … the user will be able to edit [the text] before
 * sending"): the message (the link, then the text on its own line, editable), a chat to send it to, Cancel and Send.
 */
export class ShareSheet {
  private readonly dialog = byId<HTMLDialogElement>('share-sheet');
  private readonly form = byId<HTMLFormElement>('share-form');
  private readonly message = byId<HTMLTextAreaElement>('share-message');
  private resolve: ((shared: SharedMessage | undefined) => void) | undefined;

  constructor() {
    byId('share-options').replaceChildren(
      ...CHATS.map((chat, index) =>
        el(
          'label',
          { className: 'option' },
          el('input', { type: 'radio', name: 'chat', value: chat, checked: index === 0 }),
          ` ${chat}`,
        ),
      ),
    );
    byId('share-cancel').addEventListener('click', () => this.finish(undefined));
    this.dialog.addEventListener('cancel', (event) => {
      event.preventDefault();
      this.finish(undefined);
    });
    this.form.addEventListener('submit', (event) => {
      event.preventDefault();
      const chat = (this.form.elements.namedItem('chat') as RadioNodeList).value || CHATS[0];
      this.finish({ chat, message: this.message.value });
    });
  }

  /** Opens the sheet with the link and its text; resolves with what was sent, or undefined when cancelled. */
  open(url: string, text: string | undefined): Promise<SharedMessage | undefined> {
    this.message.value = text ? `${url}\n${text}` : url;
    this.dialog.showModal();
    return new Promise((resolve) => {
      this.resolve = resolve;
    });
  }

  private finish(shared: SharedMessage | undefined): void {
    if (this.dialog.open) this.dialog.close();
    const resolve = this.resolve;
    this.resolve = undefined;
    resolve?.(shared);
  }
}
