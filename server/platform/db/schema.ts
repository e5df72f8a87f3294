/**
 * The core schema (migration 0001_core.sql): users, channels, subscriptions, members, donations, bot posts, the
 * ledger (transactions), saved cards, payout accounts and the migration from the older donation product.
 * The money engine's own tables live in schema-money.ts (0002+).
 *
 * Conventions:
 * - ids are bigserial, read as JS numbers (int8 parsers are set on both drivers, see db.ts);
 * - money is integer minor units (bigint) with a `currency` column beside it, never floats;
 * - times are timestamptz written from the server's clock (never `now()` in SQL), so the sandbox clock applies;
 * - nothing is hard-deleted that the ledger or a member may point at: rows carry a `deleted` flag instead.
 *
 * The SQL migration is the source of truth for the database; this file must mirror it (checked by a test).
 */
import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type {
  CardBrand,
  ChannelType,
  LanguageCode,
  MemberStatus,
  MigrationRequestStatus,
  ModerationState,
  OnboardingStep,
  PayoutMethod,
  Period,
  TransactionPaymentMethod,
  TransactionType,
  VerificationStatus,
} from '../../../src/domain/entities';
import type { Currency, LedgerCurrency } from '../../../src/domain/money';

const id = () => bigserial('id', { mode: 'number' }).primaryKey();
const ref = (name: string) => bigint(name, { mode: 'number' });
const minor = (name: string) => bigint(name, { mode: 'number' });
const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const currency = (name = 'currency') => text(name).$type<Currency>();

export const users = pgTable(
  'users',
  {
    id: id(),
    telegramId: bigint('telegram_id', { mode: 'number' }).notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name'),
    username: text('username'),
    photoUrl: text('photo_url'),
    languageCode: text('language_code'),
    banned: boolean('banned').notNull().default(false),
    verificationStatus: text('verification_status').$type<VerificationStatus>().notNull().default('none'),
    /** The identity check's session token while status is in_kyc. */
    kycToken: text('kyc_token'),
    kycTokenExpiresAt: at('kyc_token_expires_at'),
    /** The identity check's own page for the session (iOS opens it outside the app). */
    kycUrl: text('kyc_url'),
    /** ISO 3166-1 alpha-2 country, known from the identity check or the payout account. */
    country: text('country'),
    /** The user turned down the migration from the older product (section 4: refuse). */
    migrationRefused: boolean('migration_refused').notNull().default(false),
    createdAt: at('created_at').notNull(),
    updatedAt: at('updated_at').notNull(),
  },
  (table) => [uniqueIndex('users_telegram_id').on(table.telegramId)],
);

export const channels = pgTable(
  'channels',
  {
    id: id(),
    ownerId: ref('owner_id')
      .notNull()
      .references(() => users.id),
    chatId: bigint('chat_id', { mode: 'number' }).notNull(),
    title: text('title').notNull(),
    /** Public handle without @; null for private channels. */
    username: text('username'),
    photoUrl: text('photo_url'),
    type: text('type').$type<ChannelType>().notNull(),
    language: text('language').$type<LanguageCode>().notNull().default('en'),
    languageSelected: boolean('language_selected').notNull().default(false),
    /** False when the bot lost its admin rights (my_chat_member). */
    connected: boolean('connected').notNull().default(true),
    moderation: text('moderation').$type<ModerationState>().notNull().default('approved'),
    onboardingStep: text('onboarding_step').$type<OnboardingStep>().notNull().default('select_language'),
    onboardingPassed: boolean('onboarding_passed').notNull().default(false),
    deleted: boolean('deleted').notNull().default(false),
    /** The channel's invite link for private channels (sandbox: generated). */
    inviteLink: text('invite_link'),
    createdAt: at('created_at').notNull(),
    updatedAt: at('updated_at').notNull(),
  },
  (table) => [
    uniqueIndex('channels_chat_id').on(table.chatId),
    index('channels_owner').on(table.ownerId, table.createdAt, table.id),
  ],
);

export const subscriptions = pgTable(
  'subscriptions',
  {
    id: id(),
    channelId: ref('channel_id')
      .notNull()
      .references(() => channels.id),
    name: text('name').notNull(),
    description: text('description').notNull(),
    period: text('period').$type<Period>().notNull(),
    priceMinor: minor('price_minor').notNull(),
    currency: currency().notNull(),
    buttonText: text('button_text').notNull(),
    /** Its price in Telegram Stars (XTR, whole Stars; migration 0045), or null when it is not sold in Stars. */
    starsPrice: integer('stars_price'),
    /** `$name` command (only a-z after $), or null. */
    command: text('command'),
    /** The free trial it offers: 3, 7, 14 or 30 days (migration 0055; src/domain/trial.ts); null: none. */
    trialDays: integer('trial_days'),
    deleted: boolean('deleted').notNull().default(false),
    /** When it was last restored after a delete: memberships that had ended by then are never renewed. */
    restoredAt: at('restored_at'),
    /** The bot post that published it, if any. */
    publishedPostId: ref('published_post_id'),
    createdAt: at('created_at').notNull(),
    updatedAt: at('updated_at').notNull(),
  },
  (table) => [index('subscriptions_channel').on(table.channelId, table.createdAt, table.id)],
);

export const subscriptionMembers = pgTable(
  'subscription_members',
  {
    id: id(),
    subscriptionId: ref('subscription_id')
      .notNull()
      .references(() => subscriptions.id),
    userId: ref('user_id')
      .notNull()
      .references(() => users.id),
    status: text('status').$type<MemberStatus>().notNull(),
    /** The subscription's period when the membership was bought (periods are immutable, kept for history). */
    period: text('period').$type<Period>().notNull(),
    activatedAt: at('activated_at').notNull(),
    /** Null for one-time memberships, which never expire. */
    expiresAt: at('expires_at'),
    /** The last renewal charge failed: the membership runs out at expires_at. */
    renewalFailed: boolean('renewal_failed').notNull().default(false),
    paymentMethod: text('payment_method').$type<TransactionPaymentMethod>(),
    priceMinor: minor('price_minor').notNull(),
    currency: currency().notNull(),
    /** The saved card that paid last and is charged on renewal (null: the primary card). */
    cardId: ref('card_id'),
    /** Paid in Telegram Stars (payment_method telegram_stars; migration 0048): the Stars of its last payment. */
    starsPrice: integer('stars_price'),
    /** The first charge id of the Telegram Stars subscription that renews it (null: none; Telegram renews, never us). */
    starsSubscriptionId: text('stars_subscription_id'),
    /** Private channels: the member's one-person invite link, made by the bot once a payment gave access. */
    inviteLink: text('invite_link'),
    /** When the bot removed the member from the private channel after access ended (null: not removed). */
    accessRemovedAt: at('access_removed_at'),
    /** The promo code the membership was bought with (migration 0049): price_minor is the next renewal's charge. */
    promoCodeId: ref('promo_code_id'),
    /** Renewals the code still discounts (null: every one). */
    promoRenewalsLeft: integer('promo_renewals_left'),
    /** The price renewals charge once the code's periods are used. */
    fullPriceMinor: minor('full_price_minor'),
    /** The current period is a free trial ending then (= expires_at; migration 0055): never charged by renewals. */
    trialEndsAt: at('trial_ends_at'),
    /** The membership runs on gifts alone until then (= expires_at; migration 0057): cleared by the member's payment. */
    giftEndsAt: at('gift_ends_at'),
    /** The expiry the last renewal reminder named (migration 0066): one is owed while this is not expires_at. */
    reminderSentFor: at('reminder_sent_for'),
    /** Likewise for the failed renewal's message. */
    failedNoticeSentFor: at('failed_notice_sent_for'),
    createdAt: at('created_at').notNull(),
    updatedAt: at('updated_at').notNull(),
  },
  (table) => [
    uniqueIndex('subscription_members_subscription_user').on(table.subscriptionId, table.userId),
    index('subscription_members_subscription').on(table.subscriptionId, table.createdAt, table.id),
    index('subscription_members_user').on(table.userId, table.createdAt, table.id),
    index('subscription_members_subscription_expiry_id').on(table.subscriptionId, table.expiresAt, table.id),
    // The member filters' partial indexes on the end ('infinity' without an expiry) are in migration 0046.
    // The member groups' partial indexes (standing or not, newest first) are in migration 0064.
    // (expiry, id): a job's next batch starts at the last one's row (migration 0052).
    index('subscription_members_due')
      .on(table.expiresAt, table.id)
      .where(sql`status = 'active' and expires_at is not null`),
    // The renewal notices still owed, (expiry, id), are in migration 0066.
  ],
);

/** The bot's messages about one renewal (migration 0018): written before sending, so each goes out at most once. */
export const renewalNotices = pgTable(
  'renewal_notices',
  {
    memberId: ref('member_id')
      .notNull()
      .references(() => subscriptionMembers.id),
    /** The expiry the renewal would move on: it names the renewal. */
    expiresAt: at('expires_at').notNull(),
    kind: text('kind').$type<'reminder' | 'failed'>().notNull(),
    sentAt: at('sent_at').notNull(),
  },
  (table) => [primaryKey({ columns: [table.memberId, table.expiresAt, table.kind] })],
);

/**
 * Free trials (migration 0055; server/modules/trials/README.md): one row per follower per channel, ever. outcome null
 * while it runs or may still convert; converted or lapsed once decided (src/domain/trial.ts).
 */
export const subscriptionTrials = pgTable(
  'subscription_trials',
  {
    id: id(),
    channelId: ref('channel_id')
      .notNull()
      .references(() => channels.id),
    subscriptionId: ref('subscription_id')
      .notNull()
      .references(() => subscriptions.id),
    userId: ref('user_id')
      .notNull()
      .references(() => users.id),
    memberId: ref('member_id')
      .notNull()
      .references(() => subscriptionMembers.id),
    days: integer('days').notNull(),
    startedAt: at('started_at').notNull(),
    endsAt: at('ends_at').notNull(),
    remindedAt: at('reminded_at'),
    endNotifiedAt: at('end_notified_at'),
    outcome: text('outcome').$type<'converted' | 'lapsed'>(),
    outcomeAt: at('outcome_at'),
    /** The payment that converted it. */
    paymentId: text('payment_id'),
  },
  (table) => [
    uniqueIndex('subscription_trials_channel_user').on(table.channelId, table.userId),
    uniqueIndex('subscription_trials_member').on(table.memberId),
  ],
);

/** Ended trials per subscription, counted with each outcome (migration 0055). */
export const subscriptionTrialCounts = pgTable('subscription_trial_counts', {
  subscriptionId: ref('subscription_id')
    .primaryKey()
    .references(() => subscriptions.id),
  converted: integer('converted').notNull().default(0),
  lapsed: integer('lapsed').notNull().default(0),
});

/** Donation requests: what the creator posts into the channel for followers to donate to. */
export const donations = pgTable(
  'donations',
  {
    id: id(),
    channelId: ref('channel_id')
      .notNull()
      .references(() => channels.id),
    title: text('title').notNull(),
    description: text('description').notNull(),
    /** Fixed amount in minor units, charged exactly; 0 = the payer chooses (the invoice starts from its default). */
    amountMinor: minor('amount_minor').notNull().default(0),
    currency: currency().notNull(),
    buttonText: text('button_text').notNull(),
    /** Whole Telegram Stars the invoice offers first (migration 0048); null: not payable in Stars. */
    starsPrice: integer('stars_price'),
    imageId: text('image_id'),
    /** The goal in minor units of `currency` (null: none; src/domain/donation-goal.ts). */
    goalMinor: minor('goal_minor'),
    /** The end date (null: none); the request stays payable after it. */
    endsAt: at('ends_at'),
    /** The bot post carrying the donate button (a "donate post"). */
    postId: ref('post_id'),
    deleted: boolean('deleted').notNull().default(false),
    createdAt: at('created_at').notNull(),
  },
  (table) => [index('donations_channel').on(table.channelId, table.createdAt, table.id)],
);

/**
 * A donation request's totals (migrations 0047, 0051): kept by a trigger on the ledger's donation and refund
 * lines, and what the donation-posts job has shown and announced.
 */
export const donationProgress = pgTable('donation_progress', {
  donationId: ref('donation_id')
    .primaryKey()
    .references(() => donations.id),
  raised: minor('raised').notNull().default(0),
  donations: minor('donations').notNull().default(0),
  version: minor('version').notNull().default(0),
  postedVersion: minor('posted_version').notNull().default(0),
  editAfter: at('edit_after'),
  goalAnnouncedAt: at('goal_announced_at'),
  endAnnouncedAt: at('end_announced_at'),
});
export type DonationProgressRow = typeof donationProgress.$inferSelect;

/** bytea as bytes (node-postgres reads a Buffer, PGlite a Uint8Array; both are Uint8Array). */
const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({ dataType: () => 'bytea' });

/** Images uploaded for donation requests (0021): kept here, uploaded to Telegram by the bot when it posts. */
export const donationImages = pgTable('donation_images', {
  token: text('token').primaryKey(),
  channelId: ref('channel_id')
    .notNull()
    .references(() => channels.id),
  mime: text('mime').$type<'image/jpeg' | 'image/png' | 'image/webp'>().notNull(),
  width: integer('width').notNull(),
  height: integer('height').notNull(),
  bytes: bytea('bytes').notNull(),
  createdAt: at('created_at').notNull(),
});

export interface BotPostButton {
  readonly text: string;
  readonly url: string;
}

/** What the bot posted into channels (sandbox: the only record; real bot: the message ids to pin or delete). */
/** Telegram updates already applied (deduplicated by update_id; purged after a day). */
export const botUpdates = pgTable(
  'bot_updates',
  {
    updateId: bigint('update_id', { mode: 'number' }).primaryKey(),
    receivedAt: at('received_at').notNull(),
  },
  (table) => [index('bot_updates_received').on(table.receivedAt)],
);

/** Who is in a channel, as chat_member updates and the bot's own removals tell (migration 0013). */
export type ChannelPresence = 'member' | 'left' | 'kicked' | 'removed';
export const channelMembers = pgTable(
  'channel_members',
  {
    channelId: ref('channel_id')
      .notNull()
      .references(() => channels.id),
    telegramId: bigint('telegram_id', { mode: 'number' }).notNull(),
    firstName: text('first_name').notNull(),
    status: text('status').$type<ChannelPresence>().notNull(),
    changedAt: at('changed_at').notNull(),
  },
  (table) => [primaryKey({ columns: [table.channelId, table.telegramId] })],
);

export const botPosts = pgTable(
  'bot_posts',
  {
    id: id(),
    chatId: bigint('chat_id', { mode: 'number' }).notNull(),
    channelId: ref('channel_id').references(() => channels.id),
    kind: text('kind').$type<'subscription' | 'donation' | 'message'>().notNull(),
    /** subscriptions.id or donations.id for those kinds. */
    refId: ref('ref_id'),
    text: text('text').notNull(),
    buttons: jsonb('buttons').$type<BotPostButton[]>().notNull().default([]),
    pinned: boolean('pinned').notNull().default(false),
    silent: boolean('silent').notNull().default(false),
    deleted: boolean('deleted').notNull().default(false),
    /** Telegram's message_id (real bot) or a sandbox counter. */
    messageId: bigint('message_id', { mode: 'number' }),
    createdAt: at('created_at').notNull(),
  },
  (table) => [index('bot_posts_chat').on(table.chatId, table.createdAt, table.id)],
);

export interface WithdrawalAccountJson {
  readonly country: string;
  readonly methodType: PayoutMethod;
  readonly currency: Currency;
  readonly params: Record<string, string>;
}

/**
 * The ledger. One row per money movement as a user sees it: a payment writes a pair (buy_subscription for the
 * payer and sell_subscription for the creator; send_donation and get_donation), a payout writes a withdrawal.
 * Amounts are positive minor units; the type gives the direction (section 4: positive for sell_subscription and
 * get_donation). Balances are sums over this table, never stored.
 * - price: what the payer was charged; service_fee + provider_fee: what the platform and provider keep;
 *   payout_amount: what the creator earns (price − fees); amount: the row owner's movement (payer: price,
 *   creator: payout_amount, withdrawal: the paid-out sum).
 */
export const transactions = pgTable(
  'transactions',
  {
    id: id(),
    type: text('type').$type<TransactionType>().notNull(),
    /** Whose ledger line this is. */
    userId: ref('user_id')
      .notNull()
      .references(() => users.id),
    /** The other side: the creator for buy/send, the payer for sell/get; null for withdrawals. */
    counterpartyId: ref('counterparty_id').references(() => users.id),
    channelId: ref('channel_id').references(() => channels.id),
    subscriptionId: ref('subscription_id').references(() => subscriptions.id),
    memberId: ref('member_id').references(() => subscriptionMembers.id),
    donationId: ref('donation_id').references(() => donations.id),
    /** xtr: a payer's line of a Telegram Stars payment. */
    currency: text('currency').$type<LedgerCurrency>().notNull(),
    price: minor('price').notNull(),
    amount: minor('amount').notNull(),
    providerFee: minor('provider_fee').notNull().default(0),
    serviceFee: minor('service_fee').notNull().default(0),
    payoutAmount: minor('payout_amount').notNull().default(0),
    paymentMethod: text('payment_method').$type<TransactionPaymentMethod>(),
    cardBrand: text('card_brand').$type<CardBrand>(),
    cardLast4: text('card_last4'),
    withdrawalAccount: jsonb('withdrawal_account').$type<WithdrawalAccountJson>(),
    /** payments.id of the charge (money engine), shared by the pair (and by its refund pair). */
    paymentId: text('payment_id'),
    /** A refund line: the line it reverses. */
    reversesId: ref('reverses_id'),
    /** A withdrawal of earnings in another currency than the payout account's: what was sent, in which currency, at which rate. */
    convertedCurrency: text('converted_currency').$type<Currency>(),
    convertedAmount: minor('converted_amount'),
    conversionRate: text('conversion_rate'),
    /** A Telegram Stars payment's line (migration 0048): the Stars paid, and the rate the creator's line was credited at. */
    starsAmount: integer('stars_amount'),
    starsRate: text('stars_rate'),
    /** The time whose earnings window this line counts in, when not created_at (a refund counts in its sale's window). */
    windowAt: at('window_at'),
    /** A gift purchase's pair, and its refund pair (migration 0053). */
    gift: boolean('gift').notNull().default(false),
    createdAt: at('created_at').notNull(),
  },
  (table) => [
    // The ledger lists' partial indexes (by channel, by mode) are in migration 0070, the export's in 0071.
    index('transactions_user_type').on(table.userId, table.type, table.createdAt, table.id),
    uniqueIndex('transactions_payment_type').on(table.paymentId, table.type),
  ],
);

/** A follower's saved card: brand, last 4 and the provider's token reference; never the number or the CVC. */
export const savedCards = pgTable(
  'saved_cards',
  {
    id: id(),
    userId: ref('user_id')
      .notNull()
      .references(() => users.id),
    brand: text('brand').$type<CardBrand>().notNull(),
    last4: text('last4').notNull(),
    active: boolean('active').notNull().default(true),
    primary: boolean('is_primary').notNull().default(false),
    /** The provider's recurrent token for charging the card again. */
    providerToken: text('provider_token').notNull(),
    /** Card issue country (ISO2) as the provider reports it. */
    country: text('country'),
    deleted: boolean('deleted').notNull().default(false),
    createdAt: at('created_at').notNull(),
  },
  (table) => [
    index('saved_cards_user').on(table.userId, table.createdAt, table.id),
    uniqueIndex('saved_cards_one_primary')
      .on(table.userId)
      .where(sql`is_primary and not deleted`),
  ],
);

/** A creator's payout destination (one per user; saving again replaces it). */
export const payoutAccounts = pgTable(
  'payout_accounts',
  {
    id: id(),
    userId: ref('user_id')
      .notNull()
      .references(() => users.id),
    countryIso2: text('country_iso2').notNull(),
    countryIso3: text('country_iso3').notNull(),
    methodType: text('method_type').$type<PayoutMethod>().notNull(),
    currency: currency().notNull(),
    bankExternalId: text('bank_external_id'),
    bankName: text('bank_name'),
    params: jsonb('params').$type<Record<string, string>>().notNull().default({}),
    cardToken: text('card_token'),
    cardBrand: text('card_brand').$type<CardBrand>(),
    cardMaskedNumber: text('card_masked_number'),
    cardLast4: text('card_last4'),
    cardCountry: text('card_country'),
    createdAt: at('created_at').notNull(),
    updatedAt: at('updated_at').notNull(),
  },
  (table) => [uniqueIndex('payout_accounts_user').on(table.userId)],
);

/** Channels the older donation product hands over for a creator (POST /sandbox/migration/donate-channels). */
export const donateChannels = pgTable(
  'donate_channels',
  {
    id: id(),
    userId: ref('user_id')
      .notNull()
      .references(() => users.id),
    chatId: bigint('chat_id', { mode: 'number' }).notNull(),
    name: text('name').notNull(),
    link: text('link').notNull(),
    activeSubscribers: bigint('active_subscribers', { mode: 'number' }).notNull().default(0),
    createdAt: at('created_at').notNull(),
  },
  (table) => [uniqueIndex('donate_channels_user_chat').on(table.userId, table.chatId)],
);

/** A creator's place in the migration queue (one at most; refusing deletes it). */
export const migrationRequests = pgTable(
  'migration_requests',
  {
    id: id(),
    userId: ref('user_id')
      .notNull()
      .references(() => users.id),
    status: text('status').$type<MigrationRequestStatus>().notNull(),
    createdAt: at('created_at').notNull(),
    updatedAt: at('updated_at').notNull(),
  },
  (table) => [
    uniqueIndex('migration_requests_user').on(table.userId),
    index('migration_requests_queue').on(table.status, table.createdAt, table.id),
  ],
);

/** The identity check per user (0012_kyc.sql): the provider's applicant and latest result, or a manual review, and the operator's decision. */
export const kycReviews = pgTable(
  'kyc_reviews',
  {
    userId: ref('user_id')
      .primaryKey()
      .references(() => users.id),
    /** 'sumsub', or 'manual' when no provider is configured. */
    provider: text('provider').notNull(),
    applicantId: text('applicant_id'),
    reviewAnswer: text('review_answer').$type<'GREEN' | 'RED'>(),
    rejectType: text('reject_type').$type<'RETRY' | 'FINAL'>(),
    rejectLabels: jsonb('reject_labels').$type<string[]>(),
    /** The provider's time of the latest event applied: older events delivered later change nothing. */
    lastEventAt: at('last_event_at'),
    decidedBy: ref('decided_by'),
    decision: text('decision').$type<'approve' | 'reject'>(),
    decidedAt: at('decided_at'),
    createdAt: at('created_at').notNull(),
    updatedAt: at('updated_at').notNull(),
  },
  (table) => [
    uniqueIndex('kyc_reviews_applicant')
      .on(table.provider, table.applicantId)
      .where(sql`applicant_id IS NOT NULL`),
  ],
);

/** The provider's webhooks already seen (each applied once; `applied` false when it came late or changed nothing). */
export const kycEvents = pgTable(
  'kyc_events',
  {
    provider: text('provider').notNull(),
    eventId: text('event_id').notNull(),
    userId: ref('user_id').references(() => users.id),
    type: text('type').notNull(),
    occurredAt: at('occurred_at').notNull(),
    applied: boolean('applied').notNull(),
    receivedAt: at('received_at').notNull(),
  },
  (table) => [primaryKey({ columns: [table.provider, table.eventId] })],
);

/** Which server process runs a background job now and until when (migration 0016; server/platform/jobLeases.ts). */
export const jobLeases = pgTable('job_leases', {
  name: text('name').primaryKey(),
  /** The holding process's random id. */
  holder: text('holder').notNull(),
  /** Database time: a lease left by a process that died ends here. */
  expiresAt: at('expires_at').notNull(),
});

export type UserRow = typeof users.$inferSelect;
export type KycReviewRow = typeof kycReviews.$inferSelect;
export type ChannelRow = typeof channels.$inferSelect;
export type SubscriptionRow = typeof subscriptions.$inferSelect;
export type MemberRow = typeof subscriptionMembers.$inferSelect;
export type TrialRow = typeof subscriptionTrials.$inferSelect;
export type DonationRow = typeof donations.$inferSelect;
export type DonationImageRow = typeof donationImages.$inferSelect;
export type BotPostRow = typeof botPosts.$inferSelect;
export type TransactionRow = typeof transactions.$inferSelect;
export type SavedCardRow = typeof savedCards.$inferSelect;
export type PayoutAccountRow = typeof payoutAccounts.$inferSelect;
export type DonateChannelRow = typeof donateChannels.$inferSelect;
export type MigrationRequestRow = typeof migrationRequests.$inferSelect;
