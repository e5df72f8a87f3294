-- The jobs' due sets (renewals and their notices along subscription_members_due, removals along
-- subscription_members_access_due) are read in (expiry, id) order, a batch after the last one's row. With the id in
-- the index, a batch starts at that row; without it, 100k memberships expiring at the same instant were walked from
-- the first one for every batch.
CREATE INDEX IF NOT EXISTS subscription_members_due_id ON subscription_members (expires_at, id)
  WHERE status = 'active' AND expires_at IS NOT NULL;
DROP INDEX IF EXISTS subscription_members_due;
ALTER INDEX subscription_members_due_id RENAME TO subscription_members_due;
CREATE INDEX IF NOT EXISTS subscription_members_access_due_id ON subscription_members (expires_at, id)
  WHERE invite_link IS NOT NULL AND access_removed_at IS NULL AND expires_at IS NOT NULL;
DROP INDEX IF EXISTS subscription_members_access_due;
ALTER INDEX subscription_members_access_due_id RENAME TO subscription_members_access_due;
