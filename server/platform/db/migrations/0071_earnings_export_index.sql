-- A creator's earnings lines in the order the revenue export writes them: when each counts (a refund in its sale's
-- window, any other line when written), then id. The export reads a page at a time after the last line written
-- (revenue/repository.ts linePage), so a year of a big creator's million lines streams in bounded memory.
CREATE INDEX IF NOT EXISTS transactions_user_earnings_counts_at
  ON transactions (user_id, (coalesce(window_at, created_at)), id)
  WHERE type IN ('sell_subscription', 'get_donation', 'refund_issued');
