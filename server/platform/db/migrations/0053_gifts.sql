-- Gift subscriptions (src/domain/gift.ts): one period of a recurring subscription paid by a giver (payments.purpose
-- 'gift', no membership at settlement), redeemed once by someone else with its code. status: open → redeemed |
-- expired (unredeemed after 30 days, or its subscription or channel gone) → refunded (the payment given back).
ALTER TABLE payments DROP CONSTRAINT IF EXISTS payments_purpose_check;
ALTER TABLE payments ADD CONSTRAINT payments_purpose_check CHECK (purpose IN ('invoice', 'renewal', 'gift'));

CREATE TABLE IF NOT EXISTS gifts (
  id bigserial PRIMARY KEY,
  code text NOT NULL,
  payment_id text NOT NULL REFERENCES payments (id),
  giver_id bigint NOT NULL REFERENCES users (id),
  subscription_id bigint NOT NULL REFERENCES subscriptions (id),
  channel_id bigint NOT NULL REFERENCES channels (id),
  period text NOT NULL,
  amount bigint NOT NULL CHECK (amount > 0),
  currency text NOT NULL,
  status text NOT NULL CHECK (status IN ('open', 'redeemed', 'expired', 'refunded')),
  expires_at timestamptz NOT NULL,
  recipient_id bigint REFERENCES users (id),
  member_id bigint REFERENCES subscription_members (id),
  redeemed_at timestamptz,
  refunded_at timestamptz,
  giver_notified_at timestamptz,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL,
  CHECK ((status = 'redeemed') = (recipient_id IS NOT NULL))
);
CREATE UNIQUE INDEX IF NOT EXISTS gifts_code ON gifts (code);
CREATE UNIQUE INDEX IF NOT EXISTS gifts_payment ON gifts (payment_id);
CREATE INDEX IF NOT EXISTS gifts_open_expiry ON gifts (expires_at, id) WHERE status = 'open';
CREATE INDEX IF NOT EXISTS gifts_subscription ON gifts (subscription_id, status);
CREATE INDEX IF NOT EXISTS gifts_giver ON gifts (giver_id, id);

-- The ledger pair of a gift purchase (and its refund pair) is labelled, so both sides' transactions say "gift".
ALTER TABLE transactions ADD COLUMN IF NOT EXISTS gift boolean NOT NULL DEFAULT false;
