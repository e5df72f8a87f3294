-- Dashboard versions: a per-user counter that every change the creator dashboard shows bumps, in the same database
-- transaction as the change (triggers, whoever writes). A server process may keep a user's creator dashboard in
-- memory and answer it again while the version the auth query reads is unchanged (server/services/dashboardCache.ts);
-- a write by any process bumps the version and so invalidates every process's copy. A missing row reads as 0, which
-- is never cached. Time-driven changes (member expiry, the earnings window) are bounded by the cache itself.
--
-- What the creator dashboard shows of user U, and the trigger that covers it:
--   channels owned by U (list, flags)                         channels
--   members of U's subscriptions (subscriber counts)          subscription_members
--   U's subscriptions (counts, names in transactions)         subscriptions
--   U's ledger lines and balances                             transactions
--   counterparties' names and photos in U's ledger lines      users (profile columns only)
--   payout account, donation channels, migration request      payout_accounts, donate_channels, migration_requests

CREATE TABLE IF NOT EXISTS dashboard_versions (
  user_id bigint PRIMARY KEY,
  version bigint NOT NULL
);

-- Finds the creators whose ledger lines name a counterparty (a profile change bumps them).
CREATE INDEX IF NOT EXISTS transactions_counterparty ON transactions (counterparty_id, user_id);

CREATE OR REPLACE FUNCTION dashboard_bump(p_user bigint) RETURNS void
LANGUAGE sql AS $$
  INSERT INTO dashboard_versions AS v (user_id, version) SELECT p_user, 1 WHERE p_user IS NOT NULL
  ON CONFLICT (user_id) DO UPDATE SET version = v.version + 1
$$;

CREATE OR REPLACE FUNCTION dashboard_bump_all() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  UPDATE dashboard_versions SET version = version + 1;
  RETURN NULL;
END
$$;

-- One row trigger function for every table: the affected users of the old and the new row.
CREATE OR REPLACE FUNCTION dashboard_bump_row() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'channels' THEN
    IF TG_OP <> 'INSERT' THEN PERFORM dashboard_bump(OLD.owner_id); END IF;
    IF TG_OP <> 'DELETE' THEN PERFORM dashboard_bump(NEW.owner_id); END IF;
  ELSIF TG_TABLE_NAME = 'subscriptions' THEN
    IF TG_OP <> 'INSERT' THEN PERFORM dashboard_bump(owner_id) FROM channels WHERE id = OLD.channel_id; END IF;
    IF TG_OP <> 'DELETE' THEN PERFORM dashboard_bump(owner_id) FROM channels WHERE id = NEW.channel_id; END IF;
  ELSIF TG_TABLE_NAME = 'subscription_members' THEN
    IF TG_OP <> 'INSERT' THEN
      PERFORM dashboard_bump(c.owner_id) FROM subscriptions s JOIN channels c ON c.id = s.channel_id WHERE s.id = OLD.subscription_id;
    END IF;
    IF TG_OP <> 'DELETE' THEN
      PERFORM dashboard_bump(c.owner_id) FROM subscriptions s JOIN channels c ON c.id = s.channel_id WHERE s.id = NEW.subscription_id;
    END IF;
  ELSIF TG_TABLE_NAME = 'users' THEN
    PERFORM dashboard_bump(creator.user_id) FROM (SELECT DISTINCT user_id FROM transactions WHERE counterparty_id = NEW.id) creator;
  ELSE
    -- transactions, payout_accounts, donate_channels, migration_requests: the row's own user.
    IF TG_OP <> 'INSERT' THEN PERFORM dashboard_bump(OLD.user_id); END IF;
    IF TG_OP <> 'DELETE' THEN PERFORM dashboard_bump(NEW.user_id); END IF;
  END IF;
  RETURN NULL;
END
$$;

DO $$
DECLARE
  t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['channels', 'subscriptions', 'subscription_members', 'transactions', 'payout_accounts', 'donate_channels', 'migration_requests'] LOOP
    EXECUTE format('DROP TRIGGER IF EXISTS %I ON %I', t || '_dashboard_version', t);
    EXECUTE format('CREATE TRIGGER %I AFTER INSERT OR UPDATE OR DELETE ON %I FOR EACH ROW EXECUTE FUNCTION dashboard_bump_row()', t || '_dashboard_version', t);
    EXECUTE format('DROP TRIGGER IF EXISTS %I ON %I', t || '_dashboard_version_truncate', t);
    EXECUTE format('CREATE TRIGGER %I AFTER TRUNCATE ON %I FOR EACH STATEMENT EXECUTE FUNCTION dashboard_bump_all()', t || '_dashboard_version_truncate', t);
  END LOOP;
END
$$;

-- Profile columns only: the auth hook refreshes them rarely; bans, verification and the like are read fresh anyway.
DROP TRIGGER IF EXISTS users_dashboard_version ON users;
CREATE TRIGGER users_dashboard_version AFTER UPDATE OF telegram_id, first_name, last_name, username, photo_url ON users
  FOR EACH ROW
  WHEN (OLD.telegram_id IS DISTINCT FROM NEW.telegram_id OR OLD.first_name IS DISTINCT FROM NEW.first_name
    OR OLD.last_name IS DISTINCT FROM NEW.last_name OR OLD.username IS DISTINCT FROM NEW.username
    OR OLD.photo_url IS DISTINCT FROM NEW.photo_url)
  EXECUTE FUNCTION dashboard_bump_row();

-- Every existing user starts at version 1 (cacheable) where anything above already exists.
INSERT INTO dashboard_versions (user_id, version) SELECT id, 1 FROM users ON CONFLICT (user_id) DO NOTHING;
