import { makeAutoObservable, runInAction } from 'mobx';
import type { DashboardRepository } from '../../../application/ports/DashboardRepository';
import type { MessengerPlatform } from '../../../application/ports/MessengerPlatform';
import type { Cursor } from '../../../application/ports/Page';
import type { Scheduler } from '../../../application/ports/Scheduler';
import { errorCodeOf } from '../../../application/ports/RepositoryError';
import type { VerificationRepository } from '../../../application/ports/VerificationRepository';
import { IDLE, LOADING, READY, type ScreenState, failed } from '../../shell/screenState';
import { connectBotHowTo, openExternal } from '../../shared/externalLinks';

/** The Mini Apps version from which Android opens the channel picker for a startchannel link. */
export const CHANNEL_PICKER_MIN_VERSION = '6.7';
/** The admin rights the bot asks for (spec section 6: promote members and change info). */
export const BOT_ADMIN_RIGHTS = 'promote_members+change_info';

/** The copied popup's texts, translated by the screen. */
export interface CopiedPopupTexts {
  readonly title: string;
  readonly message: string;
  readonly help: string;
}

export const HELP_BUTTON_ID = 'help';

/**
 * How often the screen re-reads the creator's channels while the creator adds the bot in the messenger (the picker
 * or the channel's admin settings): the messenger tells the mini app nothing when the bot joins. Not in the spec.
 */
export const CHANNEL_WATCH_MS = 3_000;

/**
 * /connectbot (spec section 2): on Android 6.7+ the main button opens the messenger's channel picker asking for
 * the bot's admin rights; elsewhere it copies the bot's username and shows a popup with help (the platform's
 * how-to page) and close. The bot's username comes with GET /verification/status.
 */
export class ConnectBotViewModel {
  state: ScreenState = IDLE;
  botUsername: string | null = null;
  /** The channel the bot was just added to, once the server has it: the screen opens it. */
  arrived: number | null = null;
  private watching: AbortController | null = null;
  /**
   * Where the last read of the channel list started its last page. The list runs oldest first and a new channel sorts
   * after every older one, so a later read starts there: one or two pages however many channels the creator has.
   */
  private lastPageFrom: Cursor = null;

  constructor(
    private readonly verification: VerificationRepository,
    private readonly platform: MessengerPlatform,
    private readonly dashboards: DashboardRepository,
    private readonly scheduler: Scheduler,
  ) {
    makeAutoObservable<
      ConnectBotViewModel,
      'verification' | 'platform' | 'dashboards' | 'scheduler' | 'watching' | 'lastPageFrom'
    >(
      this,
      {
        verification: false,
        platform: false,
        dashboards: false,
        scheduler: false,
        watching: false,
        lastPageFrom: false,
      },
      { autoBind: true },
    );
  }

  /** The creator's channel ids from the last page read before on (every page on the first read). */
  private async channelIds(): Promise<Set<number>> {
    const ids = new Set<number>();
    let startFrom = this.lastPageFrom;
    for (;;) {
      const page = await this.dashboards.channels(startFrom);
      for (const channel of page.items) if (!channel.isDeleted) ids.add(channel.id);
      if (page.nextFrom === null) break;
      startFrom = page.nextFrom;
    }
    this.lastPageFrom = startFrom;
    return ids;
  }

  /**
   * Notes the creator's channels, then re-reads them every few seconds until one more appears (arrived), the
   * screen goes away or watch() is called again. A failed read is retried on the next round, silently.
   */
  async watch(): Promise<void> {
    this.watching?.abort();
    const controller = new AbortController();
    this.watching = controller;
    this.lastPageFrom = null;
    let known: Set<number> | null = null;
    while (!controller.signal.aborted) {
      try {
        if (known !== null) await this.scheduler.delay(CHANNEL_WATCH_MS, controller.signal);
        const ids = await this.channelIds();
        if (controller.signal.aborted) return;
        if (known === null) {
          known = ids;
          continue;
        }
        // A later read sees only the last pages: the channels noted before stay known.
        const added = [...ids].find((id) => !known?.has(id));
        if (added !== undefined) {
          runInAction(() => (this.arrived = added));
          return;
        }
      } catch {
        if (controller.signal.aborted) return;
        if (known === null) await this.scheduler.delay(CHANNEL_WATCH_MS, controller.signal).catch(() => undefined);
      }
    }
  }

  get usesChannelPicker(): boolean {
    const platform = this.platform.launchInfo().platform;
    return (
      (platform === 'android' || platform === 'android_x') && this.platform.isVersionAtLeast(CHANNEL_PICKER_MIN_VERSION)
    );
  }

  /** t.me/<bot>?startchannel&admin=promote_members+change_info */
  get pickerLink(): string | null {
    return this.botUsername === null ? null : `https://t.me/${this.botUsername}?startchannel&admin=${BOT_ADMIN_RIGHTS}`;
  }

  async load(): Promise<void> {
    this.state = LOADING;
    try {
      const { botUsername } = await this.verification.status();
      runInAction(() => {
        if (botUsername) {
          this.botUsername = botUsername.replace(/^@/, '');
          this.state = READY;
        } else {
          this.state = failed('bad_response');
        }
      });
    } catch (error) {
      runInAction(() => (this.state = failed(errorCodeOf(error))));
    }
  }

  /** The main button: the channel picker, or copy the username and explain with a popup. */
  async connect(texts: (username: string) => CopiedPopupTexts): Promise<void> {
    const username = this.botUsername;
    const link = this.pickerLink;
    if (username === null || link === null) return;
    if (this.usesChannelPicker) {
      this.platform.openTelegramLink(link);
      return;
    }
    await this.platform.copyToClipboard(`@${username}`);
    this.platform.hapticNotification('success');
    const popup = texts(username);
    const pressed = await this.platform.showPopup({
      title: popup.title,
      message: popup.message,
      buttons: [
        { id: HELP_BUTTON_ID, type: 'default', text: popup.help },
        { id: 'close', type: 'close' },
      ],
    });
    if (pressed === HELP_BUTTON_ID) openExternal(this.platform, connectBotHowTo(this.platform.launchInfo().platform));
  }

  dispose(): void {
    this.watching?.abort();
  }
}
