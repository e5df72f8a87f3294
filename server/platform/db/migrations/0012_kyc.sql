-- Issue 15: identity checks through Sumsub (server/modules/verification/README.md). Per user, the provider's
-- applicant and its latest result (or a manual review when no provider is configured), the operator's decision,
-- and the provider's webhooks already seen, each applied once.
ALTER TABLE users ADD COLUMN IF NOT EXISTS kyc_url text;

CREATE TABLE IF NOT EXISTS kyc_reviews (
  user_id bigint PRIMARY KEY REFERENCES users (id),
  provider text NOT NULL,
  applicant_id text,
  review_answer text,
  reject_type text,
  reject_labels jsonb,
  last_event_at timestamptz,
  decided_by bigint,
  decision text,
  decided_at timestamptz,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL
);
CREATE UNIQUE INDEX IF NOT EXISTS kyc_reviews_applicant ON kyc_reviews (provider, applicant_id) WHERE applicant_id IS NOT NULL;

CREATE TABLE IF NOT EXISTS kyc_events (
  provider text NOT NULL,
  event_id text NOT NULL,
  user_id bigint REFERENCES users (id),
  type text NOT NULL,
  occurred_at timestamptz NOT NULL,
  applied boolean NOT NULL,
  received_at timestamptz NOT NULL,
  PRIMARY KEY (provider, event_id)
);
