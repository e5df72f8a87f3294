/** Where a channel is opened from: its public handle, or a private channel's invite link. */
import type { ChannelRow } from './db/schema';

/**
 * The links a subscriber opens: the public handle, or for a private channel the member's own one-person link
 * (`personalLink`, server/modules/access) when there is one, else the channel's invite link.
 */
export function channelLinks(
  channel: Pick<ChannelRow, 'type' | 'username' | 'inviteLink'>,
  personalLink: string | null = null,
): { inviteLink?: string; privateChannelInviteLink?: string; publicChannelInviteLink?: string } {
  if (channel.type === 'public' && channel.username) {
    const link = `https://t.me/${channel.username}`;
    return { inviteLink: link, publicChannelInviteLink: link };
  }
  const link = personalLink ?? channel.inviteLink;
  return link ? { inviteLink: link, privateChannelInviteLink: link } : {};
}
