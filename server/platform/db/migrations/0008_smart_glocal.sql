-- Issue 14: Smart Glocal. Our side: a card token is charged once (its hash on the payment that used it), payouts are
-- followed at the provider to arrived or failed. The sandbox's Smart Glocal double: public tokens, single-use card
-- tokens, recurrent tokens bound to their customer, payout sessions confirmed like payments, webhooks given up after
-- 30 minutes as the reference says.
ALTER TABLE payments ADD COLUMN IF NOT EXISTS card_token_hash text;
CREATE UNIQUE INDEX IF NOT EXISTS payments_card_token_hash ON payments (card_token_hash) WHERE card_token_hash IS NOT NULL;

ALTER TABLE payout_runs ADD COLUMN IF NOT EXISTS status text NOT NULL DEFAULT 'requested';
ALTER TABLE payout_runs ADD COLUMN IF NOT EXISTS error_code text;
ALTER TABLE payout_runs ADD COLUMN IF NOT EXISTS error_description text;
ALTER TABLE payout_runs ADD COLUMN IF NOT EXISTS sent_at timestamptz;
ALTER TABLE payout_runs ADD COLUMN IF NOT EXISTS finished_at timestamptz;
-- Payouts sent before this migration were accepted by the old sandbox provider at once.
UPDATE payout_runs SET status = 'arrived', sent_at = created_at, finished_at = created_at WHERE provider_payout_id IS NOT NULL AND status = 'requested';
CREATE INDEX IF NOT EXISTS payout_runs_open ON payout_runs (created_at) WHERE status IN ('requested', 'sent');

ALTER TABLE provider_tokens DROP CONSTRAINT IF EXISTS provider_tokens_kind_check;
ALTER TABLE provider_tokens ADD CONSTRAINT provider_tokens_kind_check CHECK (kind IN ('card', 'recurrent', 'public'));
ALTER TABLE provider_tokens ADD COLUMN IF NOT EXISTS used_at timestamptz;
ALTER TABLE provider_tokens ADD COLUMN IF NOT EXISTS customer_reference text;
ALTER TABLE provider_sessions ADD COLUMN IF NOT EXISTS customer_reference text;
ALTER TABLE provider_payouts ADD COLUMN IF NOT EXISTS session_id text;
ALTER TABLE provider_payouts ADD COLUMN IF NOT EXISTS status text NOT NULL DEFAULT 'succeeded';
ALTER TABLE provider_payouts ADD COLUMN IF NOT EXISTS error_code text;
ALTER TABLE provider_payouts ADD COLUMN IF NOT EXISTS error_description text;
ALTER TABLE provider_payouts ADD COLUMN IF NOT EXISTS updated_at timestamptz;
UPDATE provider_payouts SET session_id = id, updated_at = created_at WHERE session_id IS NULL;
ALTER TABLE provider_events ADD COLUMN IF NOT EXISTS given_up_at timestamptz;
-- The double keeps the metadata the merchant sent (our payment id) to send it back, as Smart Glocal does.
ALTER TABLE provider_sessions ADD COLUMN IF NOT EXISTS metadata jsonb;
ALTER TABLE provider_payouts ADD COLUMN IF NOT EXISTS metadata jsonb;
