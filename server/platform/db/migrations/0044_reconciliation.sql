-- Reconciliation with the card provider: each run (the daily job or an operator's Run now) and each difference it
-- found between the provider's records and ours, until an operator applies or ignores it. One difference per kind and
-- provider session, so running again lists nothing twice (and an ignored one stays ignored).
CREATE TABLE IF NOT EXISTS reconciliation_runs (
  id bigserial PRIMARY KEY,
  started_at timestamptz NOT NULL,
  finished_at timestamptz,
  operator_telegram_id bigint,
  checked integer NOT NULL DEFAULT 0,
  found integer NOT NULL DEFAULT 0
);
CREATE INDEX IF NOT EXISTS reconciliation_runs_started ON reconciliation_runs (started_at);

CREATE TABLE IF NOT EXISTS reconciliation_differences (
  id bigserial PRIMARY KEY,
  kind text NOT NULL,
  object_type text NOT NULL,
  object_id text NOT NULL,
  provider_session_id text NOT NULL,
  reference text NOT NULL,
  our_status text,
  provider_status text NOT NULL,
  our_amount bigint,
  provider_amount bigint,
  currency text NOT NULL,
  status text NOT NULL DEFAULT 'open',
  reason text,
  resolved_by bigint,
  resolved_at timestamptz,
  found_at timestamptz NOT NULL,
  UNIQUE (kind, provider_session_id)
);
CREATE INDEX IF NOT EXISTS reconciliation_differences_status ON reconciliation_differences (status, found_at);

-- The double's record of a payout the recipient's bank returned after it arrived.
ALTER TABLE provider_payouts ADD COLUMN IF NOT EXISTS returned_at timestamptz;
