/**
 * The donation-posts job: a donation request with a goal or an end date shows its progress in its channel post
 * (bot/goalText.ts), edited as donations arrive, and tells its creator once when the goal is reached and once when
 * the end date passed.
 *
 * Flood limits. Telegram's Bots FAQ ("My bot is hitting limits, how do I avoid this?",
 * https://core.telegram.org/bots/faq#my-bot-is-hitting-limits-how-do-i-avoid-this): "In a single chat, avoid sending
 * more than one message per second [...] In a group, bots are not be able to send more than 20 messages per minute",
 * and past that Telegram answers 429 with parameters.retry_after. grammY's flood guide
 * (https://grammy.dev/advanced/flood) adds that the 20 a minute per group chat holds for message edits as well, and
 * python-telegram-bot's "Avoiding flood limits" wiki that Telegram's bot support applies the group limit to channels.
 * So: one edit per post per GOAL_POST_EDIT_INTERVAL_MS (30 s: 2 a minute), and one post per channel per run (the
 * job runs every JOB_INTERVAL_MS, and in main.ts every GOAL_POSTS_TICK_MS: at most 12 edits a minute in one
 * channel), which leaves the channel's budget for the creator's own posts. Donations in between coalesce: an edit
 * shows the totals at its time, whatever number of changes came before it.
 *
 * Across instances: the edit is claimed in the database before the call (posted_version := version, edit_after :=
 * now + interval, only where edit_after passed), so two processes never edit one post in one interval, with the job
 * lease or without it. A 429 is waited out by the gateway when short (TelegramBotGateway, up to 30 s); a longer
 * retry_after puts the next attempt at now + retry_after. An edit Telegram answers "message is not modified" is done;
 * a post that is gone (deleted, bot removed) is given up.
 *
 * Announcements go to the creator in a private message (their Telegram language), not into the channel: the bot posts
 * nothing in a channel without the creator's consent (spec section 6), and the post's own line already tells
 * followers "goal reached" or "ended". Each is claimed once (goal_announced_at, end_announced_at set where null)
 * before it is sent, so two processes, a replay or a restart never send it twice; a refused message is logged, not
 * retried (the app shows the same state).
 */
import { and, eq, gt, isNotNull, isNull, lte, or, sql } from 'drizzle-orm';
import { donationProgress as progressOf, hasGoal } from '../../../src/domain/donation-goal';
import { formatMoney } from '../../../src/domain/format-light';
import { money } from '../../../src/domain/money';
import type { DbOrTx } from '../../platform/db/db';
import { botPosts, channels, donationProgress, donations, users } from '../../platform/db/schema';
import { BotApiError, type BotGateway } from '../bot/BotGateway';
import { goalLine, withGoalLine } from '../bot/goalText';
import { postText } from '../bot/publishing';
import { botTexts, fill } from '../bot/texts';

/** One edit per post per 30 s (see above). */
export const GOAL_POST_EDIT_INTERVAL_MS = 30_000;
/** How often main.ts runs this job on its own, between the other jobs' rounds. */
export const GOAL_POSTS_TICK_MS = 5_000;
const BATCH = 100;

export interface GoalPostsDeps {
  readonly db: DbOrTx;
  readonly bot: BotGateway;
}

export interface GoalPostsResult {
  edited: number;
  announced: number;
  failed: number;
}

export async function runGoalPosts(
  deps: GoalPostsDeps,
  nowMs: number,
  log: (message: string) => void,
): Promise<GoalPostsResult> {
  const result: GoalPostsResult = { edited: 0, announced: 0, failed: 0 };
  const now = new Date(nowMs);
  const rows = await due(deps.db, now);
  const editedChats = new Set<number>();
  for (const row of rows) {
    // The end passed: the line changes from "ends …" to "ended", so the post needs an edit too.
    const goal = { goalMinor: row.goalMinor, endsAtMs: row.endsAt?.getTime() ?? null };
    const state = { ...goal, raisedMinor: row.raised, donations: row.donations };
    if (!hasGoal(goal)) continue;
    const progress = progressOf(state, nowMs);
    if (progress.reached && row.goalAnnouncedAt === null && (await claimAnnouncement(deps.db, row.id, 'goal', now))) {
      result.announced += 1;
      await announce(deps, row, 'goal', progress.raisedMinor, log);
    }
    if (progress.ended && row.endAnnouncedAt === null && (await claimAnnouncement(deps.db, row.id, 'end', now))) {
      result.announced += 1;
      await announce(deps, row, 'end', progress.raisedMinor, log);
    }
    if (editedChats.has(row.chatId) || row.messageId === null) continue;
    const claimed = await claimEdit(deps.db, row.id, now);
    if (claimed === null) continue;
    editedChats.add(row.chatId);
    const shown = progressOf({ ...goal, raisedMinor: claimed.raised, donations: claimed.donations }, nowMs);
    const text = withGoalLine(
      postText(row.title, row.description),
      goalLine({ goalMinor: row.goalMinor, endsAt: row.endsAt, currency: row.currency }, shown, row.channelLanguage),
    );
    const button = row.buttons[0];
    const edit = { chatId: row.chatId, messageId: row.messageId, text, ...(button ? { button } : {}) };
    try {
      await (row.imageId === null ? deps.bot.editMessageText(edit) : deps.bot.editMessageCaption(edit));
      await deps.db.update(botPosts).set({ text }).where(eq(botPosts.id, row.postId));
      result.edited += 1;
    } catch (error) {
      if (!(error instanceof BotApiError)) throw error;
      if (error.errorCode === 400 && /message is not modified/i.test(error.message)) {
        await deps.db.update(botPosts).set({ text }).where(eq(botPosts.id, row.postId));
        continue;
      }
      result.failed += 1;
      if (
        error.errorCode === 403 ||
        (error.errorCode === 400 && /message to edit not found|chat not found|MESSAGE_ID_INVALID/i.test(error.message))
      ) {
        log(`donation ${row.id}: its post cannot be edited any more (${error.message}); not trying again`);
        continue;
      }
      // Try again: after Telegram's retry_after, else after the interval.
      const waitMs = (error.retryAfterSeconds ?? 0) * 1000;
      await deps.db
        .update(donationProgress)
        .set({
          // Below the version it showed, so the post is due again.
          postedVersion: claimed.version - 1,
          editAfter: new Date(nowMs + Math.max(waitMs, error.errorCode === 429 ? 0 : GOAL_POST_EDIT_INTERVAL_MS)),
        })
        .where(and(eq(donationProgress.donationId, row.id), eq(donationProgress.postedVersion, claimed.version)));
      log(`donation ${row.id}: the post edit failed (${error.message}); trying again later`);
    }
  }
  return result;
}

/** Requests with a goal whose post waits for an edit, or whose announcement is due. */
async function due(db: DbOrTx, now: Date) {
  return db
    .select({
      id: donations.id,
      title: donations.title,
      description: donations.description,
      currency: donations.currency,
      goalMinor: donations.goalMinor,
      endsAt: donations.endsAt,
      imageId: donations.imageId,
      raised: donationProgress.raised,
      donations: donationProgress.donations,
      goalAnnouncedAt: donationProgress.goalAnnouncedAt,
      endAnnouncedAt: donationProgress.endAnnouncedAt,
      postId: botPosts.id,
      messageId: botPosts.messageId,
      buttons: botPosts.buttons,
      chatId: channels.chatId,
      channelTitle: channels.title,
      channelLanguage: channels.language,
      ownerTelegramId: users.telegramId,
      ownerLanguage: users.languageCode,
    })
    .from(donationProgress)
    .innerJoin(donations, eq(donations.id, donationProgress.donationId))
    .innerJoin(botPosts, eq(botPosts.id, donations.postId))
    .innerJoin(channels, eq(channels.id, donations.channelId))
    .innerJoin(users, eq(users.id, channels.ownerId))
    .where(
      and(
        eq(donations.deleted, false),
        eq(botPosts.deleted, false),
        // Requests without a goal or an end date are counted too, but their posts carry no line to edit.
        or(isNotNull(donations.goalMinor), isNotNull(donations.endsAt)),
        or(
          and(
            gt(donationProgress.version, donationProgress.postedVersion),
            or(isNull(donationProgress.editAfter), lte(donationProgress.editAfter, now)),
          ),
          and(
            isNotNull(donations.goalMinor),
            isNull(donationProgress.goalAnnouncedAt),
            sql`${donationProgress.raised} >= ${donations.goalMinor}`,
          ),
          and(isNotNull(donations.endsAt), lte(donations.endsAt, now), isNull(donationProgress.endAnnouncedAt)),
        ),
      ),
    )
    .orderBy(donationProgress.donationId)
    .limit(BATCH);
}

/**
 * Takes the post's next edit: answers the totals it shows and their version, or null when another process took it in
 * this interval or nothing changed since the last edit.
 */
async function claimEdit(
  db: DbOrTx,
  donationId: number,
  now: Date,
): Promise<{ raised: number; donations: number; version: number } | null> {
  const [row] = await db
    .update(donationProgress)
    .set({
      postedVersion: sql`${donationProgress.version}`,
      editAfter: new Date(now.getTime() + GOAL_POST_EDIT_INTERVAL_MS),
    })
    .where(
      and(
        eq(donationProgress.donationId, donationId),
        gt(donationProgress.version, donationProgress.postedVersion),
        or(isNull(donationProgress.editAfter), lte(donationProgress.editAfter, now)),
      ),
    )
    .returning({
      raised: donationProgress.raised,
      donations: donationProgress.donations,
      version: donationProgress.version,
    });
  return row ?? null;
}

/** Records the announcement as made; false when it was made already (by this process or another). */
async function claimAnnouncement(db: DbOrTx, donationId: number, kind: 'goal' | 'end', now: Date): Promise<boolean> {
  const column = kind === 'goal' ? donationProgress.goalAnnouncedAt : donationProgress.endAnnouncedAt;
  const claimed = await db
    .update(donationProgress)
    .set(
      kind === 'goal'
        ? { goalAnnouncedAt: now }
        : // The post's line turns to "ended": a change to show like a donation.
          { endAnnouncedAt: now, version: sql`${donationProgress.version} + 1` },
    )
    .where(and(eq(donationProgress.donationId, donationId), isNull(column)))
    .returning({ id: donationProgress.donationId });
  return claimed.length > 0;
}

async function announce(
  deps: GoalPostsDeps,
  row: Awaited<ReturnType<typeof due>>[number],
  kind: 'goal' | 'end',
  raisedMinor: number,
  log: (message: string) => void,
): Promise<void> {
  const texts = botTexts(row.ownerLanguage);
  const values = {
    name: row.title,
    channel: row.channelTitle,
    raised: formatMoney(money(raisedMinor, row.currency)),
    goal: row.goalMinor === null ? '' : formatMoney(money(row.goalMinor, row.currency)),
  };
  try {
    await deps.bot.sendMessage({
      chatId: row.ownerTelegramId,
      text: fill(kind === 'goal' ? texts.goalReachedNotice : texts.goalEndedNotice, values),
      silent: false,
    });
  } catch (error) {
    log(
      `donation ${row.id}: the ${kind} notice was not sent: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
}
