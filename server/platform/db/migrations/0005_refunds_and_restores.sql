-- Money over time (issue 19).
-- payments.refund_status: a charge the provider reported paid that must not settle (it would buy a membership period
-- the payer did not ask for) is refunded: 'due' when decided at settlement, 'done' once the provider confirmed.
ALTER TABLE payments ADD COLUMN IF NOT EXISTS refund_status text;
ALTER TABLE payments ADD COLUMN IF NOT EXISTS refunded_at timestamptz;
CREATE INDEX IF NOT EXISTS payments_refund_due ON payments (updated_at) WHERE refund_status = 'due';
-- The sandbox provider's side of a refund.
ALTER TABLE provider_sessions ADD COLUMN IF NOT EXISTS refunded_at timestamptz;
-- When a deleted subscription was last restored: memberships that had ended by then stay ended (never renewed).
ALTER TABLE subscriptions ADD COLUMN IF NOT EXISTS restored_at timestamptz;
