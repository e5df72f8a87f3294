-- A subscription's price in Telegram Stars (XTR, whole Stars), beside its card price; null: not sold in Stars.
-- Telegram's limits (src/domain/stars.ts): 1 to 10000 Stars.
ALTER TABLE subscriptions ADD COLUMN IF NOT EXISTS stars_price integer;
ALTER TABLE subscriptions DROP CONSTRAINT IF EXISTS subscriptions_stars_price_range;
ALTER TABLE subscriptions ADD CONSTRAINT subscriptions_stars_price_range CHECK (stars_price BETWEEN 1 AND 10000);
