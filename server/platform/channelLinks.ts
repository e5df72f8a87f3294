/** Where a channel is opened from: its public handle, or a private channel's invite link. */
import type { ChannelRow } from './db/schema';

/** The links a subscriber opens: the public handle, or the private channel's invite link. */
export function channelLinks(channel: Pick<ChannelRow, 'type' | 'username' | 'inviteLink'>): { inviteLink?: string; privateChannelInviteLink?: string; publicChannelInviteLink?: string } {
  if (channel.type === 'public' && channel.username) {
    const link = `https://t.me/${channel.username}`;
    return { inviteLink: link, publicChannelInviteLink: link };
  }
  return channel.inviteLink ? { inviteLink: channel.inviteLink, privateChannelInviteLink: channel.inviteLink } : {};
}
