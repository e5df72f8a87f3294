-- Retention offers (src/domain/retention.ts): a creator's discount for the next renewals, shown to a follower who
-- cancels. One per subscription; removing it deletes the row (the outcomes below stay).
CREATE TABLE IF NOT EXISTS retention_offers (
  subscription_id bigint PRIMARY KEY REFERENCES subscriptions (id),
  percent integer NOT NULL CHECK (percent BETWEEN 5 AND 90),
  renewals integer NOT NULL CHECK (renewals BETWEEN 1 AND 12),
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL
);

-- What each follower was shown and answered, one row per membership (so per follower and subscription, ever):
-- outcome offered (shown, not answered yet) | stayed (accepted) | left (declined and cancelled). The terms and prices
-- are those shown: price_minor the renewal price before, offered_price_minor the discounted one.
CREATE TABLE IF NOT EXISTS retention_outcomes (
  id bigserial PRIMARY KEY,
  subscription_id bigint NOT NULL REFERENCES subscriptions (id),
  member_id bigint NOT NULL REFERENCES subscription_members (id),
  user_id bigint NOT NULL REFERENCES users (id),
  outcome text NOT NULL CHECK (outcome IN ('offered', 'stayed', 'left')),
  percent integer NOT NULL,
  renewals integer NOT NULL,
  price_minor bigint NOT NULL,
  offered_price_minor bigint NOT NULL,
  currency text NOT NULL,
  offered_at timestamptz NOT NULL,
  answered_at timestamptz
);
CREATE UNIQUE INDEX IF NOT EXISTS retention_outcomes_member ON retention_outcomes (member_id);
-- The creator's counts: one subscription's rows by outcome, read from the index alone.
CREATE INDEX IF NOT EXISTS retention_outcomes_subscription ON retention_outcomes (subscription_id, outcome);
