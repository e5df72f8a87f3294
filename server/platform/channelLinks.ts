/** Where a channel is opened from: its public handle, or a private channel's personal invite link. */
import type { ChannelRow } from './db/schema';

/**
 * The links a subscriber opens: the public handle, or for a private channel only the member's own link
 * (`personalLink`, server/modules/access). Never a private channel's own invite link: whoever holds that joins
 * without paying, so it is not handed to members or to the owner (who shares the subscription's link instead).
 */
export function channelLinks(
  channel: Pick<ChannelRow, 'type' | 'username'>,
  personalLink: string | null = null,
): { inviteLink?: string; privateChannelInviteLink?: string; publicChannelInviteLink?: string } {
  if (channel.type === 'public' && channel.username) {
    const link = `https://t.me/${channel.username}`;
    return { inviteLink: link, publicChannelInviteLink: link };
  }
  return personalLink ? { inviteLink: personalLink, privateChannelInviteLink: personalLink } : {};
}
