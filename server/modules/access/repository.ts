/** Memberships seen from their private channel: personal invite links and removals after access ended. */
import { and, desc, eq, gt, isNotNull, isNull, lte, not, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/db';
import { renewalStillPossible } from '../payments/renewalWindow';
import {
  type ChannelPresence,
  type ChannelRow,
  type MemberRow,
  channelMembers,
  channels,
  subscriptionMembers,
  subscriptions,
  users,
} from '../../platform/db/schema';

export interface MemberInChannel {
  readonly member: MemberRow;
  readonly channel: ChannelRow;
}

export interface EndedAccess {
  readonly memberId: number;
  readonly channelId: number;
  readonly chatId: number;
  readonly telegramId: number;
  readonly firstName: string;
}

/** A person's latest state in a channel (channel_members). */
export interface PresenceRow {
  readonly telegramId: number;
  readonly firstName: string;
  readonly status: ChannelPresence;
  readonly changedAt: Date;
}

export class AccessRepository {
  constructor(private readonly db: DbOrTx) {}

  async memberInChannel(memberId: number): Promise<MemberInChannel | undefined> {
    const [row] = await this.db
      .select({ member: subscriptionMembers, channel: channels })
      .from(subscriptionMembers)
      .innerJoin(subscriptions, eq(subscriptions.id, subscriptionMembers.subscriptionId))
      .innerJoin(channels, eq(channels.id, subscriptions.channelId))
      .where(eq(subscriptionMembers.id, memberId));
    return row;
  }

  /** Stores a new personal link unless another call stored a live one first; answers the link that stands. */
  async storeLink(memberId: number, link: string, now: Date): Promise<string | null> {
    const [updated] = await this.db
      .update(subscriptionMembers)
      .set({ inviteLink: link, accessRemovedAt: null, updatedAt: now })
      .where(
        and(
          eq(subscriptionMembers.id, memberId),
          or(isNull(subscriptionMembers.inviteLink), isNotNull(subscriptionMembers.accessRemovedAt)),
        ),
      )
      .returning({ inviteLink: subscriptionMembers.inviteLink });
    if (updated) return updated.inviteLink;
    const [current] = await this.db
      .select({ inviteLink: subscriptionMembers.inviteLink })
      .from(subscriptionMembers)
      .where(eq(subscriptionMembers.id, memberId));
    return current?.inviteLink ?? null;
  }

  /**
   * Members the bot let into a private channel whose access has ended (a period that expired without renewal, or a
   * refund), who have no other membership with access in the same channel, oldest first. A one-time membership has
   * no expiry unless a refund ended it. `afterMemberId`: the page after that member along the same order (its stored
   * expiry, to the microsecond), so a run visits each once even when a removal fails and the row stays.
   */
  async endedAccess(now: Date, limit: number, afterMemberId?: number): Promise<EndedAccess[]> {
    const other = sql`exists (
      select 1 from ${subscriptionMembers} as other
      join ${subscriptions} as other_sub on other_sub.id = other.subscription_id
      where other_sub.channel_id = ${channels.id} and other.user_id = ${subscriptionMembers.userId} and other.id <> ${subscriptionMembers.id}
        and ((other.period = 'onetime' and other.expires_at is null) or other.expires_at > ${now}))`;
    return this.db
      .select({
        memberId: subscriptionMembers.id,
        channelId: channels.id,
        chatId: channels.chatId,
        telegramId: users.telegramId,
        firstName: users.firstName,
      })
      .from(subscriptionMembers)
      .innerJoin(subscriptions, eq(subscriptions.id, subscriptionMembers.subscriptionId))
      .innerJoin(channels, eq(channels.id, subscriptions.channelId))
      .innerJoin(users, eq(users.id, subscriptionMembers.userId))
      .where(
        and(
          isNotNull(subscriptionMembers.inviteLink),
          isNull(subscriptionMembers.accessRemovedAt),
          isNotNull(subscriptionMembers.expiresAt),
          lte(subscriptionMembers.expiresAt, now),
          eq(channels.type, 'private'),
          eq(channels.connected, true),
          sql`not ${other}`,
          // Not while a renewal may still extend it (due, or waiting for the provider): the bot would remove a member
          // whose payment then goes through, e.g. when the bot comes back to a channel between the two jobs.
          not(renewalStillPossible(now.getTime())),
          afterMemberId === undefined
            ? undefined
            : sql`(${subscriptionMembers.expiresAt}, ${subscriptionMembers.id}) > ((select prev.expires_at from ${subscriptionMembers} as prev where prev.id = ${afterMemberId}), ${afterMemberId})`,
        ),
      )
      .orderBy(subscriptionMembers.expiresAt, subscriptionMembers.id)
      .limit(limit);
  }

  /** True when the user has a membership with access in the channel of this chat (one-time and not refunded, or not yet expired). */
  async hasAccess(chatId: number, telegramId: number, now: Date): Promise<boolean> {
    const [row] = await this.db
      .select({ id: subscriptionMembers.id })
      .from(subscriptionMembers)
      .innerJoin(subscriptions, eq(subscriptions.id, subscriptionMembers.subscriptionId))
      .innerJoin(channels, eq(channels.id, subscriptions.channelId))
      .innerJoin(users, eq(users.id, subscriptionMembers.userId))
      .where(
        and(
          eq(channels.chatId, chatId),
          eq(users.telegramId, telegramId),
          eq(channels.deleted, false),
          or(
            and(eq(subscriptionMembers.period, 'onetime'), isNull(subscriptionMembers.expiresAt)),
            gt(subscriptionMembers.expiresAt, now),
          ),
        ),
      )
      .limit(1);
    return row !== undefined;
  }

  /** Whose personal link this was (its member's Telegram id), by the link itself. */
  async linkOwner(chatId: number, link: string): Promise<number | undefined> {
    const [row] = await this.db
      .select({ telegramId: users.telegramId })
      .from(subscriptionMembers)
      .innerJoin(subscriptions, eq(subscriptions.id, subscriptionMembers.subscriptionId))
      .innerJoin(channels, eq(channels.id, subscriptions.channelId))
      .innerJoin(users, eq(users.id, subscriptionMembers.userId))
      .where(and(eq(channels.chatId, chatId), eq(subscriptionMembers.inviteLink, link)))
      .limit(1);
    return row?.telegramId;
  }

  /** Marks the removal done (once: a removal already marked stays as it was). */
  async markRemoved(memberId: number, now: Date): Promise<void> {
    await this.db
      .update(subscriptionMembers)
      .set({ accessRemovedAt: now, updatedAt: now })
      .where(and(eq(subscriptionMembers.id, memberId), isNull(subscriptionMembers.accessRemovedAt)));
  }

  /** Records a person's state in the channel of this chat (nothing when the app has no such channel). */
  async recordPresence(
    chatId: number,
    person: { telegramId: number; firstName: string },
    status: ChannelPresence,
    now: Date,
  ): Promise<void> {
    const [channel] = await this.db.select({ id: channels.id }).from(channels).where(eq(channels.chatId, chatId));
    if (channel !== undefined) await this.recordPresenceIn(channel.id, person, status, now);
  }

  /** Records a person's state in this channel (by its id: the removal job knows it). */
  async recordPresenceIn(
    channelId: number,
    person: { telegramId: number; firstName: string },
    status: ChannelPresence,
    now: Date,
  ): Promise<void> {
    await this.db
      .insert(channelMembers)
      .values({
        channelId,
        telegramId: person.telegramId,
        firstName: person.firstName,
        status,
        changedAt: now,
      })
      .onConflictDoUpdate({
        target: [channelMembers.channelId, channelMembers.telegramId],
        set: { firstName: person.firstName, status, changedAt: now },
      });
  }

  /** Everyone recorded in the channel of this chat, latest change first. */
  async presenceIn(chatId: number): Promise<PresenceRow[]> {
    return this.db
      .select({
        telegramId: channelMembers.telegramId,
        firstName: channelMembers.firstName,
        status: channelMembers.status,
        changedAt: channelMembers.changedAt,
      })
      .from(channelMembers)
      .innerJoin(channels, eq(channels.id, channelMembers.channelId))
      .where(eq(channels.chatId, chatId))
      .orderBy(desc(channelMembers.changedAt), channelMembers.telegramId);
  }
}
