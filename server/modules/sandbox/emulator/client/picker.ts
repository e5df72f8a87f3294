import { byId, el } from './dom';
import type { ChannelAddedRequest } from './sandboxApi';

/** What the user picked in the channel picker (a t.me/<bot>?startchannel link). */
export type PickedChannel = Omit<ChannelAddedRequest, 'ownerTelegramId'>;

interface FakeChannel {
  title: string;
  /** absent: private channel */
  usernameStem?: string;
}

/** Channels the pretend user "owns" in the messenger; ids and usernames are fresh per opening so picks never clash. */
const fakeChannels: readonly FakeChannel[] = [
  { title: 'Cooking at Home', usernameStem: 'cooking_home' },
  { title: 'Night Owls Club' },
  { title: 'Daily Finance Notes', usernameStem: 'daily_finance' },
];

const rightNames: Record<string, string> = {
  change_info: 'change channel info',
  promote_members: 'add new admins',
  post_messages: 'post messages',
  edit_messages: 'edit messages',
  delete_messages: 'delete messages',
  invite_users: 'invite users',
  pin_messages: 'pin messages',
  manage_chat: 'manage the channel',
};

function freshChatId(): number {
  // Telegram channel ids look like -100XXXXXXXXXX.
  return -(1_000_000_000_000 + Math.floor(Math.random() * 899_999_999_999));
}

function freshSuffix(): string {
  return Math.floor(1000 + Math.random() * 9000).toString();
}

export class ChannelPicker {
  private readonly dialog = byId<HTMLDialogElement>('channel-picker');
  private readonly form = byId<HTMLFormElement>('picker-form');
  private readonly options = byId('picker-options');
  private readonly newFields = byId<HTMLFieldSetElement>('picker-new');
  private readonly titleInput = byId<HTMLInputElement>('picker-title-input');
  private readonly usernameInput = byId<HTMLInputElement>('picker-username');
  private readonly privateInput = byId<HTMLInputElement>('picker-private');
  private readonly error = byId('picker-error');
  private choices: PickedChannel[] = [];
  private resolve: ((picked: PickedChannel | undefined) => void) | undefined;

  constructor(private readonly submit: (picked: PickedChannel) => Promise<void>) {
    this.form.addEventListener('change', () => this.syncNewFields());
    this.privateInput.addEventListener('change', () => this.syncNewFields());
    byId('picker-cancel').addEventListener('click', () => this.finish(undefined));
    this.dialog.addEventListener('cancel', (event) => {
      event.preventDefault();
      this.finish(undefined);
    });
    this.form.addEventListener('submit', (event) => {
      event.preventDefault();
      void this.confirm();
    });
  }

  get isOpen(): boolean {
    return this.dialog.open;
  }

  /** Opens the picker; resolves with the channel the bot was added to, or undefined when cancelled. */
  open(bot: string, adminRights: string[]): Promise<PickedChannel | undefined> {
    const suffix = freshSuffix();
    this.choices = fakeChannels.map((c) => ({
      chatId: freshChatId(),
      title: c.title,
      ...(c.usernameStem ? { username: `${c.usernameStem}_${suffix}` } : {}),
    }));
    this.options.replaceChildren(
      ...this.choices.map((choice, index) =>
        el(
          'label',
          { className: 'option' },
          el('input', { type: 'radio', name: 'channel', value: String(index) }),
          ` ${choice.title} `,
          el('span', { className: 'hint' }, choice.username ? `@${choice.username}` : 'private'),
        ),
      ),
    );
    const rights = adminRights.map((r) => rightNames[r] ?? r);
    byId('picker-rights').textContent =
      `@${bot} asks to be an admin${rights.length ? ` with rights to ${rights.join(', ')}` : ''}.`;
    this.form.reset();
    this.titleInput.value = '';
    this.usernameInput.value = `my_channel_${suffix}`;
    this.error.textContent = '';
    this.syncNewFields();
    this.dialog.showModal();
    return new Promise((resolve) => {
      this.resolve = resolve;
    });
  }

  private syncNewFields(): void {
    const isNew = (this.form.elements.namedItem('channel') as RadioNodeList).value === 'new';
    this.newFields.disabled = !isNew;
    this.usernameInput.disabled = !isNew || this.privateInput.checked;
  }

  private picked(): PickedChannel | string {
    const selected = (this.form.elements.namedItem('channel') as RadioNodeList).value;
    const moderation = (byId<HTMLSelectElement>('picker-moderation').value || undefined) as PickedChannel['moderation'];
    const withModeration = (channel: PickedChannel): PickedChannel =>
      moderation ? { ...channel, moderation } : channel;
    if (selected !== 'new') {
      const choice = this.choices[Number(selected)];
      return choice ? withModeration(choice) : 'Choose a channel.';
    }
    const title = this.titleInput.value.trim();
    if (!title) return 'Enter the channel title.';
    if (this.privateInput.checked) return withModeration({ chatId: freshChatId(), title });
    const username = this.usernameInput.value.trim().replace(/^@/, '');
    if (!/^[A-Za-z][A-Za-z0-9_]{4,31}$/.test(username)) {
      return 'A public username has 5 to 32 letters, digits or underscores and starts with a letter (or tick Private).';
    }
    return withModeration({ chatId: freshChatId(), title, username });
  }

  private async confirm(): Promise<void> {
    const picked = this.picked();
    if (typeof picked === 'string') {
      this.error.textContent = picked;
      return;
    }
    const confirmButton = byId<HTMLButtonElement>('picker-confirm');
    confirmButton.disabled = true;
    try {
      await this.submit(picked);
      this.finish(picked);
    } catch (error) {
      this.error.textContent = error instanceof Error ? error.message : String(error);
    } finally {
      confirmButton.disabled = false;
    }
  }

  private finish(picked: PickedChannel | undefined): void {
    if (this.dialog.open) this.dialog.close();
    const resolve = this.resolve;
    this.resolve = undefined;
    resolve?.(picked);
  }
}
