-- Free trials (src/domain/trial.ts, server/modules/trials/README.md).
-- subscriptions.trial_days: the trial a recurring subscription offers (null: none).
ALTER TABLE subscriptions ADD COLUMN IF NOT EXISTS trial_days integer CHECK (trial_days IN (3, 7, 14, 30));

-- The membership's current period is a free trial ending at trial_ends_at (= expires_at): renewals never charge it and
-- the renewal notices skip it. A payment that converts the trial clears it.
ALTER TABLE subscription_members ADD COLUMN IF NOT EXISTS trial_ends_at timestamptz;

-- One row per trial, ever: the unique (channel_id, user_id) is the "once per follower per channel" rule under
-- concurrency. outcome: null while it runs or may still convert, converted (paid within the conversion grace after
-- ends_at), lapsed (not paid by then). reminded_at and end_notified_at: the bot's two messages, claimed before sending.
CREATE TABLE IF NOT EXISTS subscription_trials (
  id bigserial PRIMARY KEY,
  channel_id bigint NOT NULL REFERENCES channels (id),
  subscription_id bigint NOT NULL REFERENCES subscriptions (id),
  user_id bigint NOT NULL REFERENCES users (id),
  member_id bigint NOT NULL REFERENCES subscription_members (id),
  days integer NOT NULL CHECK (days IN (3, 7, 14, 30)),
  started_at timestamptz NOT NULL,
  ends_at timestamptz NOT NULL,
  reminded_at timestamptz,
  end_notified_at timestamptz,
  outcome text CHECK (outcome IN ('converted', 'lapsed')),
  outcome_at timestamptz,
  -- The payment that converted it.
  payment_id text,
  CHECK ((outcome IS NULL) = (outcome_at IS NULL))
);
CREATE UNIQUE INDEX IF NOT EXISTS subscription_trials_channel_user ON subscription_trials (channel_id, user_id);
CREATE UNIQUE INDEX IF NOT EXISTS subscription_trials_member ON subscription_trials (member_id);
-- The jobs walk open trials along (ends_at, id); the stats count one subscription's open trials.
CREATE INDEX IF NOT EXISTS subscription_trials_open ON subscription_trials (ends_at, id) WHERE outcome IS NULL;
CREATE INDEX IF NOT EXISTS subscription_trials_subscription_open ON subscription_trials (subscription_id, ends_at)
  WHERE outcome IS NULL;
CREATE INDEX IF NOT EXISTS subscription_trials_subscription_outcome ON subscription_trials (subscription_id, outcome_at)
  WHERE outcome IS NOT NULL;

-- Ended trials per subscription, counted in the transaction that writes each outcome (the stats read one row).
CREATE TABLE IF NOT EXISTS subscription_trial_counts (
  subscription_id bigint PRIMARY KEY REFERENCES subscriptions (id),
  converted integer NOT NULL DEFAULT 0,
  lapsed integer NOT NULL DEFAULT 0
);
