import { makeAutoObservable, runInAction } from 'mobx';
import type { ChannelRepository } from '../../../application/ports/ChannelRepository';
import { RepositoryError, errorCodeOf } from '../../../application/ports/RepositoryError';
import type { SetChannelLanguage } from '../../../application/use-cases/channels/SetChannelLanguage';
import type { Language, LanguageCode } from '../../../domain/entities';
import { AsyncState, type ScreenState } from '../../shell/screenState';
import type { ToastStore } from '../../toasts/ToastStore';
import { failureMessage } from '../../toasts/failureMessage';

/** /channel/{id}/language: pick the channel language (GET /channel/languages) and save it (POST /channel/{id}/language). */
export class ChannelLanguageViewModel {
  languages: readonly Language[] = [];
  /** The channel's saved language. */
  current: LanguageCode | null = null;
  selected: LanguageCode | null = null;
  saving = false;
  private readonly loader = new AsyncState(errorCodeOf);

  constructor(
    private readonly channels: ChannelRepository,
    private readonly setChannelLanguage: SetChannelLanguage,
    private readonly toasts: ToastStore,
    /** From the path or the query (?id=); NaN when missing or not a number. */
    readonly channelId: number,
  ) {
    makeAutoObservable<ChannelLanguageViewModel, 'channels' | 'setChannelLanguage' | 'toasts' | 'loader'>(
      this,
      { channels: false, setChannelLanguage: false, toasts: false, loader: false, channelId: false },
      { autoBind: true },
    );
  }

  get state(): ScreenState {
    return this.loader.state;
  }

  /** Saving makes sense only for a different language. */
  get canSave(): boolean {
    return this.selected !== null && this.selected !== this.current && !this.saving;
  }

  async load(): Promise<void> {
    await this.loader.run(
      async () => {
        if (!Number.isSafeInteger(this.channelId) || this.channelId <= 0)
          throw new RepositoryError('not_found', 'channel id is missing');
        return Promise.all([this.channels.get(this.channelId), this.channels.languages()]);
      },
      ([detail, languages]) => {
        this.languages = languages;
        this.current = detail.channel.language.code;
        this.selected = detail.channel.language.code;
      },
    );
  }

  select(code: LanguageCode): void {
    if (!this.saving) this.selected = code;
  }

  /** Saves the choice with a success toast; answers true when saved (the screen goes back). */
  async save(): Promise<boolean> {
    if (!this.canSave || this.selected === null) return false;
    this.saving = true;
    const result = await this.setChannelLanguage.execute({ channelId: this.channelId, language: this.selected });
    runInAction(() => {
      this.saving = false;
      if (result.ok) this.current = result.value.language.code;
    });
    if (result.ok) {
      this.toasts.success('channel.language.saved');
      return true;
    }
    this.toasts.fail(failureMessage(result.error));
    return false;
  }

  dispose(): void {
    this.loader.dispose();
  }
}
