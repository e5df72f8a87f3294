-- The inactive member group is ordered by end, latest first (server/modules/subscriptions/memberGroups.ts): its two
-- parts, the memberships not standing and the standing ones expired at now, are each one range of an end-ordered
-- index read from the index alone. Ordered by creation, the standing part passed over every member who joined since
-- the newest one that lapsed.
-- Not standing, by end ('infinity' without an expiry) and id; the expiry carried so the end comes from the index.
CREATE INDEX IF NOT EXISTS subscription_members_not_standing_end
  ON subscription_members (subscription_id, (coalesce(expires_at, 'infinity'::timestamptz)), id) INCLUDE (expires_at)
  WHERE NOT (period = 'onetime' OR status = 'active');
DROP INDEX IF EXISTS subscription_members_not_standing_created;
-- Standing, by expiry and id: the expired part's page in order, and what subscription_members_standing_expiry_created
-- served (the kept counts' ranges, migration 0041; the next expiry), which it replaces.
CREATE INDEX IF NOT EXISTS subscription_members_standing_expiry_id
  ON subscription_members (subscription_id, expires_at, id)
  WHERE period = 'onetime' OR status = 'active';
DROP INDEX IF EXISTS subscription_members_standing_expiry_created;
