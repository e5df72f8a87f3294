-- Trigger statements planned once per connection (issue 12). Every ledger line fires ledger_balance_totals_on_row and
-- dashboard_bump_row (0003, 0004, 0009, 0014, deferred to COMMIT by 0015), which call ledger_balance_totals_add and
-- dashboard_bump. As LANGUAGE sql functions that write, those are never inlined, and PostgreSQL before 18 parses and
-- plans a SQL function's body at every call: a payment's two ledger lines meant four parses and plans inside its
-- commit. PL/pgSQL keeps each statement's plan for the connection. Same statements, same effect.

CREATE OR REPLACE FUNCTION dashboard_bump(p_user bigint) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  IF p_user IS NOT NULL THEN
    INSERT INTO dashboard_versions AS v (user_id, version) VALUES (p_user, 1)
    ON CONFLICT (user_id) DO UPDATE SET version = v.version + 1;
  END IF;
END
$$;

CREATE OR REPLACE FUNCTION ledger_balance_totals_add(p_user bigint, p_currency text, p_at timestamptz, p_type text, p_amount bigint)
RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF p_type IN ('sell_subscription', 'get_donation', 'refund_issued', 'withdrawal') THEN
    INSERT INTO ledger_balance_totals AS totals (user_id, currency, window_start, earned, withdrawn)
    VALUES (p_user, p_currency, ledger_window_start(p_at),
      CASE WHEN p_type IN ('sell_subscription', 'get_donation') THEN p_amount WHEN p_type = 'refund_issued' THEN -p_amount ELSE 0 END,
      CASE WHEN p_type = 'withdrawal' THEN p_amount ELSE 0 END)
    ON CONFLICT (user_id, currency, window_start)
    DO UPDATE SET earned = totals.earned + excluded.earned, withdrawn = totals.withdrawn + excluded.withdrawn;
  END IF;
END
$$;
