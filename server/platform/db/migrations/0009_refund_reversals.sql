-- Refunds of settled payments (issue 14). A refund never edits or deletes a ledger line: it writes a reversing pair,
-- refund_received for the payer (the price back) and refund_issued for the creator (their payout amount taken back),
-- each pointing at the line it reverses. The creator's line counts in the earnings window of the sale it reverses
-- (window_at), so a sale refunded before its payout run is simply not paid out, and one refunded after it leaves a
-- negative payout balance that later earnings net out.
ALTER TABLE transactions DROP CONSTRAINT IF EXISTS transactions_type_check;
ALTER TABLE transactions ADD CONSTRAINT transactions_type_check CHECK (type IN (
  'buy_subscription', 'sell_subscription', 'send_donation', 'get_donation', 'withdrawal', 'refund_received', 'refund_issued'));
ALTER TABLE transactions ADD COLUMN IF NOT EXISTS reverses_id bigint REFERENCES transactions (id);
ALTER TABLE transactions ADD COLUMN IF NOT EXISTS window_at timestamptz;

-- Who asked for a refund of a paid charge and why (null for refunds decided at settlement: already_subscribed).
ALTER TABLE payments ADD COLUMN IF NOT EXISTS refund_reason text;
ALTER TABLE payments ADD COLUMN IF NOT EXISTS refund_requested_at timestamptz;

CREATE OR REPLACE FUNCTION ledger_balance_totals_add(p_user bigint, p_currency text, p_at timestamptz, p_type text, p_amount bigint)
RETURNS void LANGUAGE sql AS $$
  INSERT INTO ledger_balance_totals AS totals (user_id, currency, window_start, earned, withdrawn)
  SELECT p_user, p_currency, ledger_window_start(p_at),
    CASE WHEN p_type IN ('sell_subscription', 'get_donation') THEN p_amount WHEN p_type = 'refund_issued' THEN -p_amount ELSE 0 END,
    CASE WHEN p_type = 'withdrawal' THEN p_amount ELSE 0 END
  WHERE p_type IN ('sell_subscription', 'get_donation', 'refund_issued', 'withdrawal')
  ON CONFLICT (user_id, currency, window_start)
  DO UPDATE SET earned = totals.earned + excluded.earned, withdrawn = totals.withdrawn + excluded.withdrawn
$$;

CREATE OR REPLACE FUNCTION ledger_balance_totals_on_row() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    PERFORM ledger_balance_totals_add(OLD.user_id, OLD.currency, coalesce(OLD.window_at, OLD.created_at), OLD.type, -OLD.amount);
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    PERFORM ledger_balance_totals_add(NEW.user_id, NEW.currency, coalesce(NEW.window_at, NEW.created_at), NEW.type, NEW.amount);
  END IF;
  RETURN NULL;
END
$$;
