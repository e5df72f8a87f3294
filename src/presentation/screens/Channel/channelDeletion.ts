import type { DeleteChannel } from '../../../application/use-cases/channels/DeleteChannel';

/** The host dialogs of the delete flow; the screen shows them with translated texts. */
export interface DeleteChannelDialogs {
  /** "Can't Delete a Channel": delete all subscriptions first. */
  showBlocked(): Promise<void>;
  /** Asks to confirm the deletion; true to go on. */
  confirm(): Promise<boolean>;
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
