-- The inactive group's standing part (standing memberships expired at now; server/modules/subscriptions/memberGroups.ts)
-- is read by expiry when it is small: a subscription whose members are all live (a one-time subscription, a new one)
-- had its page pass over every standing membership along subscription_members_standing_created to find none. The
-- standing expiry index now carries created_at and id, so that read comes from the index alone, in expiry order. It
-- replaces subscription_members_standing_expiry (same key and predicate), which the kept counts read (migration 0041).
CREATE INDEX IF NOT EXISTS subscription_members_standing_expiry_created
  ON subscription_members (subscription_id, expires_at) INCLUDE (created_at, id)
  WHERE period = 'onetime' OR status = 'active';
DROP INDEX IF EXISTS subscription_members_standing_expiry;
