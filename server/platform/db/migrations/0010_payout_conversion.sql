-- Payouts of earnings in other currencies (issue 14). At the payout run, earnings in a currency other than the payout
-- account's are converted into the account's currency at the rate of the day: the withdrawal line stays in the
-- earnings' currency (it empties that balance) and records what was sent, in which currency, at which rate; the run
-- records what the transfer sends.
ALTER TABLE transactions ADD COLUMN IF NOT EXISTS converted_currency text;
ALTER TABLE transactions ADD COLUMN IF NOT EXISTS converted_amount bigint CHECK (converted_amount >= 0);
ALTER TABLE transactions ADD COLUMN IF NOT EXISTS conversion_rate text;
ALTER TABLE payout_runs ADD COLUMN IF NOT EXISTS payout_currency text;
ALTER TABLE payout_runs ADD COLUMN IF NOT EXISTS payout_amount bigint CHECK (payout_amount >= 0);
