-- Hot rows last (issue 12): the triggers that add a ledger line to its user's balance totals (0003, 0009) and bump
-- the dashboard version of whoever a change shows to (0004) become constraint triggers deferred to COMMIT. Payments
-- to one creator all update that creator's ledger_balance_totals and dashboard_versions rows; fired at the insert,
-- each payment held those row locks for the rest of its transaction (the payment row update, the commit round
-- trip), so concurrent payments to one creator queued there. Fired at COMMIT, a row lock is held only while the
-- commit itself runs. Still in the same transaction as the change (they commit or roll back with it), so the totals
-- always equal the ledger and a read after the commit sees the new dashboard version (server/modules/users/auth.ts).
-- What this costs: inside a transaction that writes ledger lines, ledger_balance_totals and dashboard_versions show
-- the state before them until it commits; nothing reads them there (payouts read their due amounts before writing).
-- The TRUNCATE triggers stay statement triggers (constraint triggers are row triggers only).

DROP TRIGGER IF EXISTS transactions_balance_totals ON transactions;
CREATE CONSTRAINT TRIGGER transactions_balance_totals AFTER INSERT OR UPDATE OR DELETE ON transactions
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION ledger_balance_totals_on_row();

DO $$
DECLARE
  t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['channels', 'subscriptions', 'subscription_members', 'transactions', 'payout_accounts', 'donate_channels', 'migration_requests'] LOOP
    EXECUTE format('DROP TRIGGER IF EXISTS %I ON %I', t || '_dashboard_version', t);
    EXECUTE format('CREATE CONSTRAINT TRIGGER %I AFTER INSERT OR UPDATE OR DELETE ON %I DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION dashboard_bump_row()', t || '_dashboard_version', t);
  END LOOP;
END
$$;

DROP TRIGGER IF EXISTS users_dashboard_version ON users;
CREATE CONSTRAINT TRIGGER users_dashboard_version AFTER UPDATE OF telegram_id, first_name, last_name, username, photo_url ON users
  DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW
  WHEN (OLD.telegram_id IS DISTINCT FROM NEW.telegram_id OR OLD.first_name IS DISTINCT FROM NEW.first_name
    OR OLD.last_name IS DISTINCT FROM NEW.last_name OR OLD.username IS DISTINCT FROM NEW.username
    OR OLD.photo_url IS DISTINCT FROM NEW.photo_url)
  EXECUTE FUNCTION dashboard_bump_row();
