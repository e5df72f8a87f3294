-- Money engine: payments, idempotency, provider notifications, payout runs, and the sandbox provider's own tables.
-- Money is integer minor units (bigint) beside a currency column.

CREATE TABLE IF NOT EXISTS payments (
  id text PRIMARY KEY,
  user_id bigint NOT NULL,
  idempotency_key text,
  renewal_key text,
  kind text NOT NULL CHECK (kind IN ('subscription', 'donation')),
  purpose text NOT NULL CHECK (purpose IN ('invoice', 'renewal')),
  channel_id bigint NOT NULL,
  subscription_id bigint,
  donation_id bigint,
  member_id bigint,
  amount bigint NOT NULL CHECK (amount > 0),
  currency text NOT NULL,
  method text NOT NULL CHECK (method IN ('smart_glocal_form', 'smart_glocal_saved_card', 'smart_glocal', 'renewal')),
  saved_card_id bigint,
  save_card boolean NOT NULL DEFAULT false,
  status text NOT NULL CHECK (status IN ('pending', 'action_required', 'paid', 'error')),
  provider_session_id text,
  provider_public_token text,
  redirect_url text,
  hosted_page_url text,
  error_code text,
  error_description text,
  card_brand text,
  card_last4 text,
  card_country text,
  buy_transaction_id bigint,
  sell_transaction_id bigint,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL,
  settled_at timestamptz
);
CREATE UNIQUE INDEX IF NOT EXISTS payments_user_idempotency_key ON payments (user_id, idempotency_key);
CREATE UNIQUE INDEX IF NOT EXISTS payments_renewal_key ON payments (renewal_key);
CREATE INDEX IF NOT EXISTS payments_open ON payments (status, updated_at) WHERE status IN ('pending', 'action_required');
CREATE INDEX IF NOT EXISTS payments_user ON payments (user_id, created_at);

CREATE TABLE IF NOT EXISTS idempotency_keys (
  user_id bigint NOT NULL,
  key text NOT NULL,
  request_hash text NOT NULL,
  state text NOT NULL CHECK (state IN ('running', 'done')),
  response_status integer,
  response_body jsonb,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, key)
);
CREATE INDEX IF NOT EXISTS idempotency_keys_created ON idempotency_keys (created_at);

CREATE TABLE IF NOT EXISTS provider_webhook_events (
  event_id text PRIMARY KEY,
  payment_id text,
  received_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE IF NOT EXISTS payout_runs (
  user_id bigint NOT NULL,
  currency text NOT NULL,
  payout_date text NOT NULL,
  amount bigint NOT NULL CHECK (amount > 0),
  transaction_id bigint NOT NULL,
  provider_payout_id text,
  created_at timestamptz NOT NULL,
  PRIMARY KEY (user_id, currency, payout_date)
);

-- The sandbox provider's side.
CREATE TABLE IF NOT EXISTS provider_tokens (
  token text PRIMARY KEY,
  kind text NOT NULL CHECK (kind IN ('card', 'recurrent')),
  card_brand text,
  card_type text,
  card_bin text,
  card_last4 text,
  card_country text,
  card_behaviour text,
  card_length integer,
  created_at timestamptz NOT NULL
);

CREATE TABLE IF NOT EXISTS provider_sessions (
  id text PRIMARY KEY,
  reference text NOT NULL UNIQUE,
  public_token text NOT NULL UNIQUE,
  amount bigint NOT NULL,
  currency text NOT NULL,
  description text NOT NULL,
  source_type text NOT NULL,
  save_card boolean NOT NULL,
  card_brand text,
  card_type text,
  card_bin text,
  card_last4 text,
  card_country text,
  card_behaviour text,
  card_length integer,
  status text NOT NULL,
  error_code text,
  error_description text,
  recurrent_token text,
  challenge_expires_at timestamptz,
  expires_at timestamptz NOT NULL,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL
);
CREATE INDEX IF NOT EXISTS provider_sessions_open ON provider_sessions (status) WHERE status IN ('pending', 'action_required');

CREATE TABLE IF NOT EXISTS provider_events (
  id text PRIMARY KEY,
  session_id text NOT NULL,
  body text NOT NULL,
  attempts integer NOT NULL DEFAULT 0,
  delivered_at timestamptz,
  created_at timestamptz NOT NULL
);
CREATE INDEX IF NOT EXISTS provider_events_undelivered ON provider_events (created_at) WHERE delivered_at IS NULL;

CREATE TABLE IF NOT EXISTS provider_payouts (
  id text PRIMARY KEY,
  reference text NOT NULL UNIQUE,
  amount bigint NOT NULL,
  currency text NOT NULL,
  destination jsonb NOT NULL,
  created_at timestamptz NOT NULL
);
