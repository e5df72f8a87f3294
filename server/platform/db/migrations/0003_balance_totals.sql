-- Creator balance totals: the ledger's earnings and withdrawals summed per user, currency and half-month earnings
-- window (server/ledger/windows.ts, payout zone UTC), so balances read a handful of rows instead of the whole ledger.
-- A trigger on `transactions` keeps the totals in the same database transaction as every ledger write (insert,
-- update, delete, truncate), so they always equal the ledger's sum; the table is derived data, rebuilt here from
-- the rows already written.

CREATE TABLE IF NOT EXISTS ledger_balance_totals (
  user_id bigint NOT NULL,
  currency text NOT NULL,
  window_start timestamptz NOT NULL,
  earned bigint NOT NULL DEFAULT 0,
  withdrawn bigint NOT NULL DEFAULT 0,
  PRIMARY KEY (user_id, currency, window_start)
);

-- Start of the earnings window holding `at`: the 1st or the 16th of its month, 00:00 UTC (openWindowStart).
CREATE OR REPLACE FUNCTION ledger_window_start(at timestamptz) RETURNS timestamptz
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT (date_trunc('month', at AT TIME ZONE 'UTC')
    + CASE WHEN extract(day FROM at AT TIME ZONE 'UTC') >= 16 THEN interval '15 days' ELSE interval '0 days' END) AT TIME ZONE 'UTC'
$$;

CREATE OR REPLACE FUNCTION ledger_balance_totals_add(p_user bigint, p_currency text, p_at timestamptz, p_type text, p_amount bigint)
RETURNS void LANGUAGE sql AS $$
  INSERT INTO ledger_balance_totals AS totals (user_id, currency, window_start, earned, withdrawn)
  SELECT p_user, p_currency, ledger_window_start(p_at),
    CASE WHEN p_type IN ('sell_subscription', 'get_donation') THEN p_amount ELSE 0 END,
    CASE WHEN p_type = 'withdrawal' THEN p_amount ELSE 0 END
  WHERE p_type IN ('sell_subscription', 'get_donation', 'withdrawal')
  ON CONFLICT (user_id, currency, window_start)
  DO UPDATE SET earned = totals.earned + excluded.earned, withdrawn = totals.withdrawn + excluded.withdrawn
$$;

CREATE OR REPLACE FUNCTION ledger_balance_totals_on_row() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    PERFORM ledger_balance_totals_add(OLD.user_id, OLD.currency, OLD.created_at, OLD.type, -OLD.amount);
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    PERFORM ledger_balance_totals_add(NEW.user_id, NEW.currency, NEW.created_at, NEW.type, NEW.amount);
  END IF;
  RETURN NULL;
END
$$;

CREATE OR REPLACE FUNCTION ledger_balance_totals_on_truncate() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM ledger_balance_totals;
  RETURN NULL;
END
$$;

DROP TRIGGER IF EXISTS transactions_balance_totals ON transactions;
CREATE TRIGGER transactions_balance_totals AFTER INSERT OR UPDATE OR DELETE ON transactions
  FOR EACH ROW EXECUTE FUNCTION ledger_balance_totals_on_row();
DROP TRIGGER IF EXISTS transactions_balance_totals_truncate ON transactions;
CREATE TRIGGER transactions_balance_totals_truncate AFTER TRUNCATE ON transactions
  FOR EACH STATEMENT EXECUTE FUNCTION ledger_balance_totals_on_truncate();

DELETE FROM ledger_balance_totals;
INSERT INTO ledger_balance_totals (user_id, currency, window_start, earned, withdrawn)
SELECT user_id, currency, ledger_window_start(created_at),
  coalesce(sum(amount) FILTER (WHERE type IN ('sell_subscription', 'get_donation')), 0),
  coalesce(sum(amount) FILTER (WHERE type = 'withdrawal'), 0)
FROM transactions
WHERE type IN ('sell_subscription', 'get_donation', 'withdrawal')
GROUP BY user_id, currency, ledger_window_start(created_at);
