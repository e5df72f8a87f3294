-- The subscription page's member groups (server/modules/subscriptions/detailReads.ts), newest first, each part one
-- index range: the live group is the standing memberships ("one-time or still renewing", liveMemberSql) not expired
-- at now; the inactive group is the memberships not standing, and the standing ones expired at now. Expiry depends
-- on now, which no partial index holds, so the standing index carries expires_at: a page read from the index alone
-- passes over a membership of the other group at the cost of an index entry, never a row.
CREATE INDEX IF NOT EXISTS subscription_members_standing_created
  ON subscription_members (subscription_id, created_at, id) INCLUDE (expires_at)
  WHERE period = 'onetime' OR status = 'active';
CREATE INDEX IF NOT EXISTS subscription_members_not_standing_created
  ON subscription_members (subscription_id, created_at, id)
  WHERE NOT (period = 'onetime' OR status = 'active');
