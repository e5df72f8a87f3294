-- Telegram Stars payments beside card payments (src/domain/stars.ts, docs/STARS.md).
-- A donation request's Stars price: the whole Stars the app offers first; null: not payable in Stars.
ALTER TABLE donations ADD COLUMN IF NOT EXISTS stars_price integer;
ALTER TABLE donations DROP CONSTRAINT IF EXISTS donations_stars_price_range;
ALTER TABLE donations ADD CONSTRAINT donations_stars_price_range CHECK (stars_price BETWEEN 1 AND 10000);

-- A Stars payment: its invoice link, Telegram's charge id (each update is applied once by it), and what the creator's
-- earnings are credited in (the payout currency and the STARS_RATE_* rate, fixed when the link is made).
ALTER TABLE payments DROP CONSTRAINT IF EXISTS payments_method_check;
ALTER TABLE payments ADD CONSTRAINT payments_method_check
  CHECK (method IN ('smart_glocal_form', 'smart_glocal_saved_card', 'smart_glocal', 'renewal', 'telegram_stars'));
ALTER TABLE payments ADD COLUMN IF NOT EXISTS invoice_link text;
ALTER TABLE payments ADD COLUMN IF NOT EXISTS telegram_charge_id text;
ALTER TABLE payments ADD COLUMN IF NOT EXISTS stars_credit_currency text;
ALTER TABLE payments ADD COLUMN IF NOT EXISTS stars_rate text;
CREATE UNIQUE INDEX IF NOT EXISTS payments_telegram_charge_id ON payments (telegram_charge_id)
  WHERE telegram_charge_id IS NOT NULL;

-- A membership paid in Stars (payment_method telegram_stars): the Stars of its last payment, and the first charge id of
-- the Telegram subscription that renews it (editUserStarSubscription names it; null: paid once, no renewal).
ALTER TABLE subscription_members ADD COLUMN IF NOT EXISTS stars_price integer;
ALTER TABLE subscription_members ADD COLUMN IF NOT EXISTS stars_subscription_id text;

-- A ledger line of a Stars payment: the Stars paid and the rate the creator's line was credited at.
ALTER TABLE transactions ADD COLUMN IF NOT EXISTS stars_amount integer;
ALTER TABLE transactions ADD COLUMN IF NOT EXISTS stars_rate text;
