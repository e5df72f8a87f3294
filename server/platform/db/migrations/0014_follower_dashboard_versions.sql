-- Follower dashboards in memory (issue 12): the dashboard version of 0004 now covers the follower view too, so a
-- process may answer a follower's dashboard again while nothing it shows has changed (server/modules/dashboard).
--
-- What the follower dashboard shows of user U, and what covers it:
--   flags (own channels, donation channels, migration request)   0004: channels (owner), donate_channels, migration_requests
--   U's ledger lines, their counterparties' names                0004: transactions (own user), users (counterparty)
--   U's memberships                                              here: subscription_members, the member's own version
--   U's saved cards                                              here: saved_cards, the card owner's version
--   the channels and subscriptions of those memberships and ledger lines, with subscriber counts: the channel owner's
--   version (0004: channels, subscriptions, subscription_members bump the owner); the cache keeps the owners' versions
--   it read and compares them on every hit, and ends an entry at the next member expiry in those channels.
-- Like the triggers of 0004 (which a later migration may defer to COMMIT), these bump in the same transaction as the
-- change: a read after the commit sees the new version. Deferred to COMMIT, so the member's row lock is held only
-- while the commit runs.

CREATE OR REPLACE FUNCTION dashboard_bump_own_user() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN PERFORM dashboard_bump(OLD.user_id); END IF;
  IF TG_OP = 'INSERT' OR (TG_OP = 'UPDATE' AND NEW.user_id IS DISTINCT FROM OLD.user_id) THEN PERFORM dashboard_bump(NEW.user_id); END IF;
  RETURN NULL;
END
$$;

DROP TRIGGER IF EXISTS subscription_members_dashboard_member_version ON subscription_members;
CREATE CONSTRAINT TRIGGER subscription_members_dashboard_member_version AFTER INSERT OR UPDATE OR DELETE ON subscription_members
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION dashboard_bump_own_user();

DROP TRIGGER IF EXISTS saved_cards_dashboard_version ON saved_cards;
CREATE CONSTRAINT TRIGGER saved_cards_dashboard_version AFTER INSERT OR UPDATE OR DELETE ON saved_cards
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION dashboard_bump_own_user();
DROP TRIGGER IF EXISTS saved_cards_dashboard_version_truncate ON saved_cards;
CREATE TRIGGER saved_cards_dashboard_version_truncate AFTER TRUNCATE ON saved_cards
  FOR EACH STATEMENT EXECUTE FUNCTION dashboard_bump_all();

-- The next expiry among a subscription's members (where a follower's cached view ends) as one index probe, and its
-- subscriber count as an index-only range.
CREATE INDEX IF NOT EXISTS subscription_members_subscription_expiry ON subscription_members (subscription_id, expires_at);
