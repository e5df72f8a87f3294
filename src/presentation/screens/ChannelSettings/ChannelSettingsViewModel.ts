import { makeAutoObservable, runInAction } from 'mobx';
import type { ChannelRepository } from '../../../application/ports/ChannelRepository';
import type { Dialogs } from '../../../application/ports/Dialogs';
import { errorCodeOf } from '../../../application/ports/RepositoryError';
import type { DeleteChannel } from '../../../application/use-cases/channels/DeleteChannel';
import type { Channel } from '../../../domain/entities';
import { AsyncState, type ScreenState } from '../../shell/screenState';
import type { ToastStore } from '../../toasts/ToastStore';
import { failureMessage } from '../../toasts/failureMessage';
import {
  type DeleteChannelDialogs,
  type DeleteChannelOutcome,
  type DeleteChannelTexts,
  deleteChannelFlow,
  hostDeleteChannelDialogs,
} from '../../shared/channelDeletion';

/** /channel/{channelId}/settings: the channel's language row and the delete action. */
export class ChannelSettingsViewModel {
  channel: Channel | null = null;
  /** Subscriptions of the channel that are not deleted, as far as the first page tells. */
  liveSubscriptionCount = 0;
  deleting = false;
  private readonly loader = new AsyncState(errorCodeOf);

  constructor(
    private readonly channels: ChannelRepository,
    private readonly deleteChannelUseCase: DeleteChannel,
    private readonly toasts: ToastStore,
    private readonly dialogs: Dialogs,
    readonly channelId: number,
  ) {
    makeAutoObservable<ChannelSettingsViewModel, 'channels' | 'deleteChannelUseCase' | 'toasts' | 'dialogs' | 'loader'>(
      this,
      { channels: false, deleteChannelUseCase: false, toasts: false, dialogs: false, loader: false, channelId: false },
      { autoBind: true },
    );
  }

  get state(): ScreenState {
    return this.loader.state;
  }

  async load(): Promise<void> {
    await this.loader.run(
      () => this.channels.get(this.channelId),
      (detail) => {
        this.channel = detail.channel;
        this.liveSubscriptionCount = detail.subscriptions.items.filter(
          (subscription) => !subscription.isDeleted,
        ).length;
      },
    );
  }

  /** The delete flow with the host's popups; the screen goes to the dashboard on `deleted`. */
  deleteWithPopups(texts: DeleteChannelTexts): Promise<DeleteChannelOutcome> {
    return this.deleteChannel(hostDeleteChannelDialogs(this.dialogs, texts));
  }

  /** The delete flow over the given dialogs. */
  async deleteChannel(dialogs: DeleteChannelDialogs): Promise<DeleteChannelOutcome> {
    if (this.deleting) return { kind: 'cancelled' };
    this.deleting = true;
    const outcome = await deleteChannelFlow(
      this.deleteChannelUseCase,
      { channelId: this.channelId, liveSubscriptionCount: this.liveSubscriptionCount },
      dialogs,
    );
    runInAction(() => (this.deleting = false));
    if (outcome.kind === 'failed') this.toasts.fail(failureMessage(outcome));
    if (outcome.kind === 'deleted') this.toasts.success('channel.delete.done');
    return outcome;
  }

  dispose(): void {
    this.loader.dispose();
  }
}
