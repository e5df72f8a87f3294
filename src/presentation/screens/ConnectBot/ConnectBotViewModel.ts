import { makeAutoObservable, runInAction } from 'mobx';
import type { MessengerPlatform } from '../../../application/ports/MessengerPlatform';
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
 * /connectbot (spec section 2): on Android 6.7+ the main button opens the messenger's channel picker asking for
 * the bot's admin rights; elsewhere it copies the bot's username and shows a popup with help (the platform's
 * how-to page) and close. The bot's username comes with GET /verification/status.
 */
export class ConnectBotViewModel {
  state: ScreenState = IDLE;
  botUsername: string | null = null;

  constructor(
    private readonly verification: VerificationRepository,
    private readonly platform: MessengerPlatform,
  ) {
    makeAutoObservable<ConnectBotViewModel, 'verification' | 'platform'>(
      this,
      { verification: false, platform: false },
      { autoBind: true },
    );
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

  dispose(): void {}
}
