import type { TFunction } from 'i18next';
import type { Dialogs } from '../../application/ports/Dialogs';
import type { DeleteChannel } from '../../application/use-cases/channels/DeleteChannel';

/** The host dialogs of the delete flow; the screen shows them with translated texts. */
export interface DeleteChannelDialogs {
  /** "Can't Delete a Channel": delete all subscriptions first. */
  showBlocked(): Promise<void>;
  /** Asks to confirm the deletion; true to go on. */
  confirm(): Promise<boolean>;
}

/** The delete flow's popup texts, translated by the screen. */
export interface DeleteChannelTexts {
  readonly blockedTitle: string;
  readonly blockedText: string;
  readonly confirmTitle: string;
  readonly confirmText: string;
  readonly confirmButton: string;
}

/** The delete flow's popup texts for the channel named `channelName`. */
export function deleteChannelTexts(t: TFunction, channelName: string): DeleteChannelTexts {
  return {
    blockedTitle: t('channel.delete.blockedTitle'),
    blockedText: t('channel.delete.blockedText'),
    confirmTitle: t('channel.delete.confirmTitle'),
    confirmText: t('channel.delete.confirmText', { name: channelName }),
    confirmButton: t('channel.delete.confirmButton'),
  };
}

const DELETE_BUTTON = 'delete';

/** The delete flow's dialogs as the host's popups: the blocked notice and the destructive confirmation. */
export function hostDeleteChannelDialogs(dialogs: Dialogs, texts: DeleteChannelTexts): DeleteChannelDialogs {
  return {
    async showBlocked() {
      await dialogs.showPopup({
        title: texts.blockedTitle,
        message: texts.blockedText,
        buttons: [{ id: 'ok', type: 'ok' }],
      });
    },
    async confirm() {
      const pressed = await dialogs.showPopup({
        title: texts.confirmTitle,
        message: texts.confirmText,
        buttons: [
          { id: 'cancel', type: 'cancel' },
          { id: DELETE_BUTTON, type: 'destructive', text: texts.confirmButton },
        ],
      });
      return pressed === DELETE_BUTTON;
    },
  };
}

export type DeleteChannelOutcome =
  | { readonly kind: 'deleted' }
  | { readonly kind: 'blocked' }
  | { readonly kind: 'cancelled' }
  | { readonly kind: 'failed'; readonly code: string; readonly message: string };

/**
 * Deleting a channel (spec section 6): only when it has no subscriptions left, otherwise the "Can't Delete a
 * Channel" popup; the creator confirms first. The server refuses the same way when the screen did not know of a
 * subscription (a later page, another device), and that answer shows the same popup.
 */
export async function deleteChannelFlow(
  useCase: DeleteChannel,
  input: { readonly channelId: number; readonly liveSubscriptionCount: number },
  dialogs: DeleteChannelDialogs,
): Promise<DeleteChannelOutcome> {
  if (input.liveSubscriptionCount > 0) {
    await dialogs.showBlocked();
    return { kind: 'blocked' };
  }
  if (!(await dialogs.confirm())) return { kind: 'cancelled' };
  const result = await useCase.execute({ channelId: input.channelId, subscriptionCount: input.liveSubscriptionCount });
  if (result.ok) return { kind: 'deleted' };
  if (result.error.code === 'channel_has_subscriptions') {
    await dialogs.showBlocked();
    return { kind: 'blocked' };
  }
  const message = result.error.kind === 'request' ? result.error.message : result.error.code;
  return { kind: 'failed', code: result.error.code, message };
}
