-- Core schema: users, channels, subscriptions, members, donations, bot posts, the ledger, saved cards,
-- payout accounts and the migration from the older donation product. Mirrored by server/store/schema.ts.
-- Money is integer minor units (bigint) beside a currency column. Times are written from the server's clock.

CREATE TABLE users (
  id bigserial PRIMARY KEY,
  telegram_id bigint NOT NULL,
  first_name text NOT NULL,
  last_name text,
  username text,
  photo_url text,
  language_code text,
  banned boolean NOT NULL DEFAULT false,
  verification_status text NOT NULL DEFAULT 'none'
    CHECK (verification_status IN ('none', 'in_kyc', 'rejected', 'kyc_rejected', 'kyc_approved', 'approved')),
  kyc_token text,
  kyc_token_expires_at timestamptz,
  country text,
  migration_refused boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL
);
CREATE UNIQUE INDEX users_telegram_id ON users (telegram_id);

CREATE TABLE channels (
  id bigserial PRIMARY KEY,
  owner_id bigint NOT NULL REFERENCES users (id),
  chat_id bigint NOT NULL,
  title text NOT NULL,
  username text,
  photo_url text,
  type text NOT NULL CHECK (type IN ('private', 'public')),
  language text NOT NULL DEFAULT 'en' CHECK (language IN ('ru', 'en', 'id')),
  language_selected boolean NOT NULL DEFAULT false,
  connected boolean NOT NULL DEFAULT true,
  moderation text NOT NULL DEFAULT 'approved' CHECK (moderation IN ('approved', 'in_progress', 'rejected')),
  onboarding_step text NOT NULL DEFAULT 'select_language'
    CHECK (onboarding_step IN ('completed', 'select_language', 'create_subscription', 'subscription_created', 'request_donation')),
  onboarding_passed boolean NOT NULL DEFAULT false,
  deleted boolean NOT NULL DEFAULT false,
  invite_link text,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL
);
CREATE UNIQUE INDEX channels_chat_id ON channels (chat_id);
CREATE INDEX channels_owner ON channels (owner_id, created_at, id);

CREATE TABLE subscriptions (
  id bigserial PRIMARY KEY,
  channel_id bigint NOT NULL REFERENCES channels (id),
  name text NOT NULL,
  description text NOT NULL,
  period text NOT NULL CHECK (period IN ('onetime', 'weekly', 'monthly', 'yearly')),
  price_minor bigint NOT NULL CHECK (price_minor > 0),
  currency text NOT NULL,
  button_text text NOT NULL,
  command text,
  deleted boolean NOT NULL DEFAULT false,
  published_post_id bigint,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL
);
CREATE INDEX subscriptions_channel ON subscriptions (channel_id, created_at, id);

CREATE TABLE subscription_members (
  id bigserial PRIMARY KEY,
  subscription_id bigint NOT NULL REFERENCES subscriptions (id),
  user_id bigint NOT NULL REFERENCES users (id),
  status text NOT NULL CHECK (status IN ('active', 'cancelled')),
  period text NOT NULL CHECK (period IN ('onetime', 'weekly', 'monthly', 'yearly')),
  activated_at timestamptz NOT NULL,
  expires_at timestamptz,
  renewal_failed boolean NOT NULL DEFAULT false,
  payment_method text,
  price_minor bigint NOT NULL CHECK (price_minor >= 0),
  currency text NOT NULL,
  card_id bigint,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL
);
CREATE UNIQUE INDEX subscription_members_subscription_user ON subscription_members (subscription_id, user_id);
CREATE INDEX subscription_members_subscription ON subscription_members (subscription_id, created_at, id);
CREATE INDEX subscription_members_user ON subscription_members (user_id, created_at, id);
CREATE INDEX subscription_members_due ON subscription_members (expires_at) WHERE status = 'active' AND expires_at IS NOT NULL;

CREATE TABLE donations (
  id bigserial PRIMARY KEY,
  channel_id bigint NOT NULL REFERENCES channels (id),
  title text NOT NULL,
  description text NOT NULL,
  amount_minor bigint NOT NULL DEFAULT 0 CHECK (amount_minor >= 0),
  currency text NOT NULL,
  button_text text NOT NULL,
  image_id text,
  post_id bigint,
  deleted boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL
);
CREATE INDEX donations_channel ON donations (channel_id, created_at, id);

CREATE TABLE bot_posts (
  id bigserial PRIMARY KEY,
  chat_id bigint NOT NULL,
  channel_id bigint REFERENCES channels (id),
  kind text NOT NULL CHECK (kind IN ('subscription', 'donation', 'message')),
  ref_id bigint,
  text text NOT NULL,
  buttons jsonb NOT NULL DEFAULT '[]'::jsonb,
  pinned boolean NOT NULL DEFAULT false,
  silent boolean NOT NULL DEFAULT false,
  deleted boolean NOT NULL DEFAULT false,
  message_id bigint,
  created_at timestamptz NOT NULL
);
CREATE INDEX bot_posts_chat ON bot_posts (chat_id, created_at, id);

CREATE TABLE transactions (
  id bigserial PRIMARY KEY,
  type text NOT NULL CHECK (type IN ('buy_subscription', 'sell_subscription', 'send_donation', 'get_donation', 'withdrawal')),
  user_id bigint NOT NULL REFERENCES users (id),
  counterparty_id bigint REFERENCES users (id),
  channel_id bigint REFERENCES channels (id),
  subscription_id bigint REFERENCES subscriptions (id),
  member_id bigint REFERENCES subscription_members (id),
  donation_id bigint REFERENCES donations (id),
  currency text NOT NULL,
  price bigint NOT NULL CHECK (price >= 0),
  amount bigint NOT NULL CHECK (amount >= 0),
  provider_fee bigint NOT NULL DEFAULT 0 CHECK (provider_fee >= 0),
  service_fee bigint NOT NULL DEFAULT 0 CHECK (service_fee >= 0),
  payout_amount bigint NOT NULL DEFAULT 0 CHECK (payout_amount >= 0),
  payment_method text,
  card_brand text,
  card_last4 text,
  withdrawal_account jsonb,
  payment_id text,
  created_at timestamptz NOT NULL
);
CREATE INDEX transactions_user ON transactions (user_id, created_at, id);
CREATE INDEX transactions_user_type ON transactions (user_id, type, created_at, id);
CREATE INDEX transactions_channel ON transactions (channel_id, created_at, id);
CREATE UNIQUE INDEX transactions_payment_type ON transactions (payment_id, type);

CREATE TABLE saved_cards (
  id bigserial PRIMARY KEY,
  user_id bigint NOT NULL REFERENCES users (id),
  brand text NOT NULL,
  last4 text NOT NULL CHECK (last4 ~ '^[0-9]{4}$'),
  active boolean NOT NULL DEFAULT true,
  is_primary boolean NOT NULL DEFAULT false,
  provider_token text NOT NULL,
  country text,
  deleted boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL
);
CREATE INDEX saved_cards_user ON saved_cards (user_id, created_at, id);
CREATE UNIQUE INDEX saved_cards_one_primary ON saved_cards (user_id) WHERE is_primary AND NOT deleted;

CREATE TABLE payout_accounts (
  id bigserial PRIMARY KEY,
  user_id bigint NOT NULL REFERENCES users (id),
  country_iso2 text NOT NULL,
  country_iso3 text NOT NULL,
  method_type text NOT NULL CHECK (method_type IN ('bank_card', 'swift', 'global_bank_account', 'ru_account')),
  currency text NOT NULL,
  bank_external_id text,
  bank_name text,
  params jsonb NOT NULL DEFAULT '{}'::jsonb,
  card_token text,
  card_brand text,
  card_masked_number text,
  card_last4 text,
  card_country text,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL
);
CREATE UNIQUE INDEX payout_accounts_user ON payout_accounts (user_id);

CREATE TABLE donate_channels (
  id bigserial PRIMARY KEY,
  user_id bigint NOT NULL REFERENCES users (id),
  chat_id bigint NOT NULL,
  name text NOT NULL,
  link text NOT NULL,
  active_subscribers bigint NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL
);
CREATE UNIQUE INDEX donate_channels_user_chat ON donate_channels (user_id, chat_id);

CREATE TABLE migration_requests (
  id bigserial PRIMARY KEY,
  user_id bigint NOT NULL REFERENCES users (id),
  status text NOT NULL CHECK (status IN ('queued', 'importing', 'completed')),
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL
);
CREATE UNIQUE INDEX migration_requests_user ON migration_requests (user_id);
CREATE INDEX migration_requests_queue ON migration_requests (status, created_at, id);
