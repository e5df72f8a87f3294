/**
 * Paid access to private channels. A payment that gives access gets the member a personal invite link made
 * by the bot for one person (createChatInviteLink, member_limit 1), or with BOT_INVITE_LINKS=join_request one whose
 * join requests the bot approves for members with access (creates_join_request); it is what "Go to channel" opens. When access ends
 * (a period that ran out after a cancelled or failed renewal, a ban), a job removes the member (banChatMember, then
 * unbanChatMember so they can come back by paying), once: the removal is marked only after Telegram accepted it, so a
 * failure or a restart retries it on the next run. Public channels have no personal links and nobody is removed.
 * Who is in a channel is recorded from Telegram's chat_member updates and the bot's own removals (channel_members), so
 * the creator's side can tell a paying member who joined from one who left on their own (and keeps their
 * subscription) or was removed by the bot.
 */
import { BotApiError, type BotGateway } from '../bot/BotGateway';
import type { MemberChange } from '../bot/updates';
import type { ServerClock } from '../../platform/clock';
import type { DbOrTx } from '../../platform/db/db';
import { ChannelsRepository } from '../channels/repository';
import type { ChannelPresence } from '../../platform/db/schema';
import { AccessRepository, type PresenceRow } from './repository';
import { Pace, forEachConcurrently } from '../../platform/concurrency';
import { isUnexpired } from '../payments/invoiceTargets';

/** What the payment and follower views ask: the link that lets this member into its private channel. */
export interface MemberAccess {
  /** The member's personal link while its access runs (made on first ask); null for public channels or ended access. */
  personalLink(memberId: number): Promise<string | null>;
}

export interface AccessLog {
  info(message: string): void;
  error(message: string): void;
}

/** What a status change means for the creator's lists; the bot's unban after its own ban keeps them "removed". */
export function presenceAfter(change: MemberChange): ChannelPresence {
  if (
    ['member', 'administrator', 'creator'].includes(change.to) ||
    (change.to === 'restricted' && change.isMember === true)
  )
    return 'member';
  if (change.to === 'kicked') return change.byBot ? 'removed' : 'kicked';
  return change.from === 'kicked' && change.byBot ? 'removed' : 'left';
}

/** Ended accesses read per page of a run. */
const REMOVAL_BATCH = 100;
/** Removals in flight at once, and started per second at most: the Bot API's latency, under its rate limits. */
const REMOVALS_IN_FLIGHT = 10;
const REMOVALS_PER_SECOND = 25;
/** After this long a run reads no more pages: the other jobs wait for it; the rest goes on in the next run. */
const REMOVAL_RUN_BUDGET_MS = 50_000;

export class ChannelAccessService implements MemberAccess {
  constructor(
    private readonly db: DbOrTx,
    private readonly bot: BotGateway,
    private readonly clock: ServerClock,
    /** BOT_INVITE_LINKS: one-person links, or join-request links whose requests the bot approves for members with access. */
    private readonly links: 'one_person' | 'join_request' = 'one_person',
  ) {}

  private get repo() {
    return new AccessRepository(this.db);
  }

  async personalLink(memberId: number): Promise<string | null> {
    const found = await this.repo.memberInChannel(memberId);
    if (!found) return null;
    const { member, channel } = found;
    const nowMs = this.clock.now();
    if (channel.type !== 'private' || !isUnexpired(member, nowMs)) return null;
    if (member.inviteLink !== null && member.accessRemovedAt === null) return member.inviteLink;
    try {
      const name = `Backers member ${member.id}`;
      const link = await this.bot.createInviteLink(
        channel.chatId,
        this.links === 'join_request' ? { name, createsJoinRequest: true } : { name, memberLimit: 1 },
      );
      return await this.repo.storeLink(member.id, link, new Date(nowMs));
    } catch (error) {
      if (!(error instanceof BotApiError)) throw error;
      if (error.errorCode === 403)
        await new ChannelsRepository(this.db).setConnectedByChatId(channel.chatId, false, new Date(nowMs));
      // The payment stands; the link is asked for again on the next check or screen.
      return null;
    }
  }

  /** A join request (a creates_join_request link): approved for a member with access, declined for anyone else. */
  async joinRequested(chatId: number, telegramId: number): Promise<'approved' | 'declined'> {
    const allowed = await this.repo.hasAccess(chatId, telegramId, new Date(this.clock.now()));
    if (allowed) await this.bot.approveJoinRequest(chatId, telegramId);
    else await this.bot.declineJoinRequest(chatId, telegramId);
    return allowed ? 'approved' : 'declined';
  }

  /** Records what a chat_member update says about a person in the channel (a leaver keeps their subscription). */
  async memberChanged(chatId: number, change: MemberChange): Promise<ChannelPresence> {
    const status = presenceAfter(change);
    await this.repo.recordPresence(chatId, change, status, new Date(this.clock.now()));
    return status;
  }

  /** Who the app knows to be in the channel of this chat, or to have left or been removed, latest first. */
  async presenceIn(chatId: number): Promise<PresenceRow[]> {
    return this.repo.presenceIn(chatId);
  }

  /**
   * Someone joined a channel by an invite link. A personal link used by someone else than its member (forwarded
   * before its member used it) lets in someone without access: the bot removes them. Joins by the creator's own links
   * are the creator's business.
   */
  async joined(
    chatId: number,
    person: { telegramId: number; firstName: string },
    link: string | null,
  ): Promise<'kept' | 'removed'> {
    if (link === null) return 'kept';
    const owner = await this.repo.linkOwner(chatId, link);
    if (owner === undefined || owner === person.telegramId) return 'kept';
    if (await this.repo.hasAccess(chatId, person.telegramId, new Date(this.clock.now()))) return 'kept';
    await this.bot.removeMember(chatId, person.telegramId);
    await this.repo.recordPresence(chatId, person, 'removed', new Date(this.clock.now()));
    return 'removed';
  }

  /**
   * The job: removes members whose access ended, page after page until none are left or the run has spent its
   * budget. Answers how many were removed and how many failed.
   */
  async removeEnded(log: AccessLog): Promise<{ removed: number; failed: number }> {
    const now = new Date(this.clock.now());
    let removed = 0;
    let failed = 0;
    const pace = new Pace(REMOVALS_PER_SECOND);
    const until = Date.now() + REMOVAL_RUN_BUDGET_MS;
    /** Chats the bot lost in this run: nobody can be removed there until it is back. */
    const lost = new Set<number>();
    let after: number | undefined;
    while (Date.now() < until) {
      const page = await this.repo.endedAccess(now, REMOVAL_BATCH, after);
      await forEachConcurrently(page, REMOVALS_IN_FLIGHT, async (ended) => {
        if (lost.has(ended.chatId)) return;
        await pace.turn();
        try {
          await this.bot.removeMember(ended.chatId, ended.telegramId);
          // Two independent writes, at once: the job's time is round trips.
          await Promise.all([
            this.repo.markRemoved(ended.memberId, now),
            this.repo.recordPresenceIn(ended.channelId, ended, 'removed', now),
          ]);
          removed += 1;
        } catch (error) {
          if (!(error instanceof BotApiError)) throw error;
          failed += 1;
          log.error(`channel access: ${error.message} (member ${ended.memberId}); retried on the next run`);
          // The bot lost the channel: the next runs skip it (the query reads connected) until it is back.
          if (error.errorCode === 403 && !lost.has(ended.chatId)) {
            lost.add(ended.chatId);
            await new ChannelsRepository(this.db).setConnectedByChatId(ended.chatId, false, now);
          }
        }
      });
      if (page.length < REMOVAL_BATCH) break;
      after = page[page.length - 1]!.memberId;
    }
    return { removed, failed };
  }
}
