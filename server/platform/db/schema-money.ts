/**
 * Tables of the money engine (migration 0002_money.sql and later), next to the core schema (schema.ts):
 * - payments: one row per charge attempt (invoice payment or renewal), the source of truth for its status;
 * - idempotency_keys: answers of payment-creating calls per user and Idempotency-Key;
 * - provider_webhook_events: provider notifications already applied (deduplication by event id);
 * - payout_runs: one payout per creator, currency and payout day (exactly once);
 * - provider_*: the Smart Glocal double's own storage (what a real provider keeps on its side);
 * - reconciliation_*: runs comparing the provider's records with ours, and the differences found;
 * - promo_codes: creators' discount codes (src/domain/promo.ts; migration 0049), with their payments counted and
 *   their revenue summed (promo_code_counts, promo_code_revenue: migration 0058);
 * - gifts: gift subscriptions (src/domain/gift.ts; migration 0053), counted per subscription and state
 *   (subscription_gift_counts: migration 0059);
 * - retention_offers, retention_outcomes: offers to followers who cancel and their answers (migration 0054).
 * Money columns are integer minor units (bigint) with a currency column beside them.
 */
import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

import type { Period } from '../../../src/domain/entities';
import type { GiftState } from '../../../src/domain/gift';

const money = (name: string) => bigint(name, { mode: 'number' });
const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const payments = pgTable(
  'payments',
  {
    id: text('id').primaryKey(),
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    /** The Idempotency-Key of the call that created it (null for renewals), unique per user. */
    idempotencyKey: text('idempotency_key'),
    /** renewal:<memberId>:<expiresAt ms>:<attempt>; unique so two job runners never charge the same renewal twice. */
    renewalKey: text('renewal_key'),
    kind: text('kind').notNull().$type<'subscription' | 'donation'>(),
    purpose: text('purpose').notNull().$type<'invoice' | 'renewal' | 'gift'>(),
    channelId: bigint('channel_id', { mode: 'number' }).notNull(),
    subscriptionId: bigint('subscription_id', { mode: 'number' }),
    donationId: bigint('donation_id', { mode: 'number' }),
    memberId: bigint('member_id', { mode: 'number' }),
    amount: money('amount').notNull(),
    currency: text('currency').notNull(),
    method: text('method')
      .notNull()
      .$type<'smart_glocal_form' | 'smart_glocal_saved_card' | 'smart_glocal' | 'renewal' | 'telegram_stars'>(),
    savedCardId: bigint('saved_card_id', { mode: 'number' }),
    saveCard: boolean('save_card').notNull().default(false),
    status: text('status').notNull().$type<'pending' | 'action_required' | 'paid' | 'error'>(),
    providerSessionId: text('provider_session_id'),
    providerPublicToken: text('provider_public_token'),
    redirectUrl: text('redirect_url'),
    hostedPageUrl: text('hosted_page_url'),
    errorCode: text('error_code'),
    errorDescription: text('error_description'),
    cardBrand: text('card_brand'),
    cardLast4: text('card_last4'),
    cardCountry: text('card_country'),
    /** sha256 of the public token of the card tokenisation this payment used (one payment each; never the token). */
    tokenizationHash: text('tokenization_hash'),
    buyTransactionId: bigint('buy_transaction_id', { mode: 'number' }),
    sellTransactionId: bigint('sell_transaction_id', { mode: 'number' }),
    createdAt: at('created_at').notNull(),
    updatedAt: at('updated_at').notNull(),
    settledAt: at('settled_at'),
    /**
     * 'due': to be refunded (refused at settlement, see settlement.ts, or asked for: refund_reason); 'done': the provider
     * gave the money back (and a settled payment's ledger pair is reversed).
     */
    refundStatus: text('refund_status').$type<'due' | 'done'>(),
    refundedAt: at('refunded_at'),
    refundReason: text('refund_reason'),
    refundRequestedAt: at('refund_requested_at'),
    /** Telegram Stars (migration 0048): the invoice link, Telegram's charge id, and the creator's credit currency and rate. */
    invoiceLink: text('invoice_link'),
    telegramChargeId: text('telegram_charge_id'),
    starsCreditCurrency: text('stars_credit_currency'),
    starsRate: text('stars_rate'),
    /** The promo code that discounted this charge (migration 0049); amount is what was charged. */
    promoCodeId: bigint('promo_code_id', { mode: 'number' }),
    /** With a promo code: the price before the discount. */
    listAmount: money('list_amount'),
  },
  (table) => [
    uniqueIndex('payments_user_idempotency_key').on(table.userId, table.idempotencyKey),
    uniqueIndex('payments_renewal_key').on(table.renewalKey),
    uniqueIndex('payments_telegram_charge_id')
      .on(table.telegramChargeId)
      .where(sql`telegram_charge_id is not null`),
    uniqueIndex('payments_tokenization_hash')
      .on(table.tokenizationHash)
      .where(sql`tokenization_hash is not null`),
    index('payments_open')
      .on(table.status, table.updatedAt)
      .where(sql`status in ('pending', 'action_required')`),
  ],
);

export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    key: text('key').notNull(),
    /** sha256 of method, route and canonical body: the same key with another request is refused. */
    requestHash: text('request_hash').notNull(),
    state: text('state').notNull().$type<'running' | 'done'>(),
    responseStatus: integer('response_status'),
    responseBody: jsonb('response_body'),
    /** Database time: heartbeats and takeover of a key whose process died use the database's clock. */
    createdAt: at('created_at')
      .notNull()
      .default(sql`now()`),
    updatedAt: at('updated_at')
      .notNull()
      .default(sql`now()`),
  },
  (table) => [primaryKey({ columns: [table.userId, table.key] })],
);

export const providerWebhookEvents = pgTable('provider_webhook_events', {
  eventId: text('event_id').primaryKey(),
  paymentId: text('payment_id'),
  receivedAt: at('received_at')
    .notNull()
    .default(sql`now()`),
});

export const payoutRuns = pgTable(
  'payout_runs',
  {
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    currency: text('currency').notNull(),
    /** yyyy-MM-dd of the payout day. */
    payoutDate: text('payout_date').notNull(),
    amount: money('amount').notNull(),
    transactionId: bigint('transaction_id', { mode: 'number' }).notNull(),
    providerPayoutId: text('provider_payout_id'),
    /** requested (withdrawal written) → sent (the provider took it) → arrived | failed. */
    status: text('status').notNull().default('requested').$type<'requested' | 'sent' | 'arrived' | 'failed'>(),
    errorCode: text('error_code'),
    errorDescription: text('error_description'),
    sentAt: at('sent_at'),
    finishedAt: at('finished_at'),
    createdAt: at('created_at').notNull(),
    /** 1, then one more for each operator retry of a failed payout (each attempt has its own provider reference). */
    attempt: integer('attempt').notNull().default(1),
    /** What the transfer sends when the run's earnings were converted (migration 0010); null: `currency` and `amount`. */
    payoutCurrency: text('payout_currency'),
    payoutAmount: money('payout_amount'),
  },
  (table) => [primaryKey({ columns: [table.userId, table.currency, table.payoutDate] })],
);

// ---- the Smart Glocal double's side

const cardColumns = {
  cardBrand: text('card_brand'),
  cardType: text('card_type'),
  cardBin: text('card_bin'),
  cardLast4: text('card_last4'),
  cardCountry: text('card_country'),
  cardBehaviour: text('card_behaviour'),
  cardLength: integer('card_length'),
};

/** Card tokenisations we issued (POST /pay/smart_glocal/token): whose each is; a payment uses one once. */
export const cardTokenizations = pgTable('card_tokenizations', {
  publicTokenHash: text('public_token_hash').primaryKey(),
  userId: bigint('user_id', { mode: 'number' }).notNull(),
  createdAt: at('created_at').notNull(),
});

export const providerTokens = pgTable('provider_tokens', {
  token: text('token').primaryKey(),
  kind: text('kind').notNull().$type<'card' | 'recurrent' | 'public'>(),
  ...cardColumns,
  /** Card and public tokens are single use. */
  usedAt: at('used_at'),
  /** Recurrent tokens charge only for the customer they were made for. */
  customerReference: text('customer_reference'),
  createdAt: at('created_at').notNull(),
});

export const providerSessions = pgTable('provider_sessions', {
  id: text('id').primaryKey(),
  reference: text('reference').notNull().unique(),
  publicToken: text('public_token').notNull().unique(),
  amount: money('amount').notNull(),
  currency: text('currency').notNull(),
  description: text('description').notNull(),
  sourceType: text('source_type').notNull().$type<'card_token' | 'recurrent' | 'hosted_page'>(),
  saveCard: boolean('save_card').notNull(),
  ...cardColumns,
  status: text('status').notNull().$type<'pending' | 'ready' | 'action_required' | 'paid' | 'cancelled'>(),
  errorCode: text('error_code'),
  errorDescription: text('error_description'),
  recurrentToken: text('recurrent_token'),
  challengeExpiresAt: at('challenge_expires_at'),
  expiresAt: at('expires_at').notNull(),
  refundedAt: at('refunded_at'),
  customerReference: text('customer_reference'),
  metadata: jsonb('metadata'),
  createdAt: at('created_at').notNull(),
  updatedAt: at('updated_at').notNull(),
});

export const providerEvents = pgTable(
  'provider_events',
  {
    id: text('id').primaryKey(),
    sessionId: text('session_id').notNull(),
    body: text('body').notNull(),
    attempts: integer('attempts').notNull().default(0),
    deliveredAt: at('delivered_at'),
    /** Retries stop 30 minutes after the event (the reference). */
    givenUpAt: at('given_up_at'),
    createdAt: at('created_at').notNull(),
  },
  (table) => [
    index('provider_events_undelivered')
      .on(table.createdAt)
      .where(sql`delivered_at is null`),
  ],
);

export const providerPayouts = pgTable('provider_payouts', {
  id: text('id').primaryKey(),
  reference: text('reference').notNull().unique(),
  amount: money('amount').notNull(),
  currency: text('currency').notNull(),
  destination: jsonb('destination').notNull(),
  sessionId: text('session_id'),
  metadata: jsonb('metadata'),
  status: text('status').notNull().default('succeeded').$type<'ready' | 'succeeded' | 'failed'>(),
  errorCode: text('error_code'),
  errorDescription: text('error_description'),
  /** The recipient's bank returned the payout after it arrived (migration 0044). */
  returnedAt: at('returned_at'),
  updatedAt: at('updated_at'),
  createdAt: at('created_at').notNull(),
});

/** Reconciliation runs with the provider (migration 0044): the daily job's and operators' (payments/reconciliation.ts). */
export const reconciliationRuns = pgTable('reconciliation_runs', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  startedAt: at('started_at').notNull(),
  finishedAt: at('finished_at'),
  /** Null: the daily job. */
  operatorTelegramId: bigint('operator_telegram_id', { mode: 'number' }),
  checked: integer('checked').notNull().default(0),
  found: integer('found').notNull().default(0),
});

/** A difference between the provider's records and ours, open until an operator applies or ignores it. */
export const reconciliationDifferences = pgTable(
  'reconciliation_differences',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    kind: text('kind').notNull().$type<ReconciliationKind>(),
    /** payment, payout, or provider_session (a session we have no record of). */
    objectType: text('object_type').notNull().$type<'payment' | 'payout' | 'provider_session'>(),
    /** The console's id of the object: a payment id, a payout <telegramId>-<currency>-<date>, a provider session id. */
    objectId: text('object_id').notNull(),
    providerSessionId: text('provider_session_id').notNull(),
    /** Our reference at the provider: a payment id or a payout reference (payoutUpdates.ts). */
    reference: text('reference').notNull(),
    ourStatus: text('our_status'),
    providerStatus: text('provider_status').notNull(),
    ourAmount: money('our_amount'),
    providerAmount: money('provider_amount'),
    currency: text('currency').notNull(),
    status: text('status').notNull().default('open').$type<'open' | 'applied' | 'ignored'>(),
    reason: text('reason'),
    resolvedBy: bigint('resolved_by', { mode: 'number' }),
    resolvedAt: at('resolved_at'),
    foundAt: at('found_at').notNull(),
  },
  (table) => [
    uniqueIndex('reconciliation_differences_kind_provider_session_id_key').on(table.kind, table.providerSessionId),
    index('reconciliation_differences_status').on(table.status, table.foundAt),
  ],
);

export type ReconciliationKind =
  'paid_not_here' | 'refunded_there' | 'amount_differs' | 'unknown_session' | 'payout_bounced';
export type ReconciliationDifferenceRow = typeof reconciliationDifferences.$inferSelect;

/** A creator's promo code (migration 0049; rules in src/domain/promo.ts). */
export const promoCodes = pgTable(
  'promo_codes',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    channelId: bigint('channel_id', { mode: 'number' }).notNull(),
    /** null: every subscription of the channel. */
    subscriptionId: bigint('subscription_id', { mode: 'number' }),
    /** Upper-case (normalizePromoCode). */
    code: text('code').notNull(),
    discountKind: text('discount_kind').notNull().$type<'percent' | 'fixed'>(),
    /** Whole percents, or minor units of discount_currency. */
    discountValue: money('discount_value').notNull(),
    discountCurrency: text('discount_currency'),
    duration: text('duration').notNull().$type<'first' | 'periods' | 'forever'>(),
    periods: integer('periods'),
    maxRedemptions: integer('max_redemptions'),
    endsAt: at('ends_at'),
    newMembersOnly: boolean('new_members_only').notNull().default(false),
    paused: boolean('paused').notNull().default(false),
    deleted: boolean('deleted').notNull().default(false),
    createdAt: at('created_at').notNull(),
    updatedAt: at('updated_at').notNull(),
  },
  (table) => [
    uniqueIndex('promo_codes_channel_code')
      .on(table.channelId, table.code)
      .where(sql`not deleted`),
    index('promo_codes_channel').on(table.channelId, table.id),
  ],
);
export type PromoCodeRow = typeof promoCodes.$inferSelect;

/** A promo code's payments counted (migration 0058, kept by a trigger on payments). */
export const promoCodeCounts = pgTable('promo_code_counts', {
  promoCodeId: bigint('promo_code_id', { mode: 'number' }).primaryKey(),
  /** Paid and not refunded. */
  redemptions: integer('redemptions').notNull(),
  /** Under way (pending or waiting for the payer's action). */
  pending: integer('pending').notNull(),
  /** Holding a slot of max_redemptions: under way or paid, and not refunded. */
  live: integer('live').notNull(),
});

/** What a promo code's payments brought per currency, minus refunds (migration 0058, kept by a ledger trigger). */
export const promoCodeRevenue = pgTable(
  'promo_code_revenue',
  {
    promoCodeId: bigint('promo_code_id', { mode: 'number' }).notNull(),
    currency: text('currency').notNull(),
    amount: money('amount').notNull(),
  },
  (table) => [primaryKey({ columns: [table.promoCodeId, table.currency] })],
);

/** Gifts per subscription and state (migration 0059, kept by a trigger on gifts). */
export const subscriptionGiftCounts = pgTable(
  'subscription_gift_counts',
  {
    subscriptionId: bigint('subscription_id', { mode: 'number' }).notNull(),
    status: text('status').notNull(),
    gifts: integer('gifts').notNull(),
  },
  (table) => [primaryKey({ columns: [table.subscriptionId, table.status] })],
);

/** A gift subscription (migrations 0053, 0057; rules in src/domain/gift.ts): one period paid by `giverId`, redeemed once. */
export const gifts = pgTable(
  'gifts',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** 22 base62 characters (case-sensitive): the share link's `gift_<code>`. */
    code: text('code').notNull(),
    paymentId: text('payment_id').notNull(),
    giverId: bigint('giver_id', { mode: 'number' }).notNull(),
    subscriptionId: bigint('subscription_id', { mode: 'number' }).notNull(),
    channelId: bigint('channel_id', { mode: 'number' }).notNull(),
    period: text('period').notNull().$type<Period>(),
    /** What the giver paid, in minor units of `currency`. */
    amount: money('amount').notNull(),
    currency: text('currency').notNull(),
    status: text('status').notNull().$type<GiftState>(),
    expiresAt: at('expires_at').notNull(),
    recipientId: bigint('recipient_id', { mode: 'number' }),
    memberId: bigint('member_id', { mode: 'number' }),
    redeemedAt: at('redeemed_at'),
    refundedAt: at('refunded_at'),
    /** When the bot told the giver their expired gift was refunded (once). */
    giverNotifiedAt: at('giver_notified_at'),
    /** The span the redemption added to the membership (migration 0057): a refund takes back its unused part. */
    gaveFrom: at('gave_from'),
    gaveUntil: at('gave_until'),
    /** When the bot told the giver their gift was accepted (claimed before sending: once). */
    acceptNotifiedAt: at('accept_notified_at'),
    /** When the bot told the recipient a refund took the gift's time back (claimed before sending: once). */
    recipientNotifiedAt: at('recipient_notified_at'),
    createdAt: at('created_at').notNull(),
    updatedAt: at('updated_at').notNull(),
  },
  (table) => [
    uniqueIndex('gifts_code').on(table.code),
    uniqueIndex('gifts_payment').on(table.paymentId),
    index('gifts_open_expiry')
      .on(table.expiresAt, table.id)
      .where(sql`status = 'open'`),
    index('gifts_subscription').on(table.subscriptionId, table.status),
    index('gifts_giver').on(table.giverId, table.id),
  ],
);
export type GiftRow = typeof gifts.$inferSelect;

/** A subscription's retention offer (src/domain/retention.ts; migration 0054): removing it deletes the row. */
export const retentionOffers = pgTable('retention_offers', {
  subscriptionId: bigint('subscription_id', { mode: 'number' }).primaryKey(),
  percent: integer('percent').notNull(),
  renewals: integer('renewals').notNull(),
  createdAt: at('created_at').notNull(),
  updatedAt: at('updated_at').notNull(),
});
export type RetentionOfferRow = typeof retentionOffers.$inferSelect;

/** Each follower's retention offer, shown and answered: one row per membership (migration 0054). */
export const retentionOutcomes = pgTable(
  'retention_outcomes',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    subscriptionId: bigint('subscription_id', { mode: 'number' }).notNull(),
    memberId: bigint('member_id', { mode: 'number' }).notNull(),
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    outcome: text('outcome').notNull().$type<'offered' | 'stayed' | 'left'>(),
    percent: integer('percent').notNull(),
    renewals: integer('renewals').notNull(),
    /** What the renewals charged before the offer. */
    priceMinor: money('price_minor').notNull(),
    /** What the offer makes the next `renewals` renewals charge. */
    offeredPriceMinor: money('offered_price_minor').notNull(),
    currency: text('currency').notNull(),
    offeredAt: at('offered_at').notNull(),
    answeredAt: at('answered_at'),
  },
  (table) => [
    uniqueIndex('retention_outcomes_member').on(table.memberId),
    index('retention_outcomes_subscription').on(table.subscriptionId, table.outcome),
  ],
);
export type RetentionOutcomeRow = typeof retentionOutcomes.$inferSelect;
