-- Issue 16: the operator console. Operator sessions and one-time sign-in links (only sha256 hashes of their tokens
-- are stored), the audit log of every operator action, migration imports from the older product's export (with
-- progress), a failed state for migration requests, and payout retries (each attempt its own provider reference).
CREATE TABLE IF NOT EXISTS admin_signin_links (
  token_hash text PRIMARY KEY,
  telegram_id bigint NOT NULL,
  expires_at timestamptz NOT NULL,
  used_at timestamptz,
  created_at timestamptz NOT NULL
);
CREATE INDEX IF NOT EXISTS admin_signin_links_expires ON admin_signin_links (expires_at);

CREATE TABLE IF NOT EXISTS admin_sessions (
  token_hash text PRIMARY KEY,
  telegram_id bigint NOT NULL,
  created_at timestamptz NOT NULL,
  last_seen_at timestamptz NOT NULL,
  ended_at timestamptz
);

CREATE TABLE IF NOT EXISTS admin_audit (
  id bigserial PRIMARY KEY,
  operator_telegram_id bigint NOT NULL,
  action text NOT NULL,
  object_type text NOT NULL,
  object_id text NOT NULL,
  before jsonb,
  after jsonb,
  created_at timestamptz NOT NULL
);
CREATE INDEX IF NOT EXISTS admin_audit_created ON admin_audit (created_at, id);
CREATE INDEX IF NOT EXISTS admin_audit_object ON admin_audit (object_type, object_id);
CREATE INDEX IF NOT EXISTS admin_audit_operator ON admin_audit (operator_telegram_id, created_at);

ALTER TABLE migration_requests DROP CONSTRAINT IF EXISTS migration_requests_status_check;
ALTER TABLE migration_requests ADD CONSTRAINT migration_requests_status_check CHECK (status IN ('queued', 'importing', 'completed', 'failed'));

CREATE TABLE IF NOT EXISTS migration_imports (
  request_id bigint PRIMARY KEY REFERENCES migration_requests (id),
  payload jsonb NOT NULL,
  total integer NOT NULL,
  done integer NOT NULL DEFAULT 0,
  error text,
  -- the export's subscription ids → ours, so a record is never applied twice
  mapping jsonb NOT NULL DEFAULT '{}'::jsonb,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL
);

ALTER TABLE payout_runs ADD COLUMN IF NOT EXISTS attempt integer NOT NULL DEFAULT 1;
