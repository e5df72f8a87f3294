-- A member filter's page is one index range, in the order of the time that decides the filter (the filters depend on
-- now, which no partial index can hold; src/domain/members.ts):
-- - expired: latest expiry first, along (subscription, expiry, id) below the now;
-- - expiring (will not renew) and active (renews, or one-time without an end): soonest end first, along the end
--   (no expiry: 'infinity') above the now, in a partial index of the memberships that fit the filter's lasting part.
-- The expiry index gains the id so a page after a cursor starts exactly at its row; it also serves the old one's reads
-- (the next expiry of a subscription).
CREATE INDEX IF NOT EXISTS subscription_members_subscription_expiry_id
  ON subscription_members (subscription_id, expires_at, id);
DROP INDEX IF EXISTS subscription_members_subscription_expiry;
CREATE INDEX IF NOT EXISTS subscription_members_not_renewing
  ON subscription_members (subscription_id, (coalesce(expires_at, 'infinity'::timestamptz)), id)
  WHERE period <> 'onetime' AND (status = 'cancelled' OR renewal_failed);
CREATE INDEX IF NOT EXISTS subscription_members_renewing
  ON subscription_members (subscription_id, (coalesce(expires_at, 'infinity'::timestamptz)), id)
  WHERE (status = 'active' AND NOT renewal_failed) OR (period = 'onetime' AND expires_at IS NULL);
