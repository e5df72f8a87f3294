-- Promo codes (src/domain/promo.ts): a creator's discount on one subscription, or on every subscription of a channel
-- (subscription_id null). code is stored upper-case, unique per channel among codes not deleted.
-- discount_kind percent: discount_value is whole percents 1-100; fixed: minor units of discount_currency.
-- duration first | periods (periods: how many, the first included) | forever.
CREATE TABLE IF NOT EXISTS promo_codes (
  id bigserial PRIMARY KEY,
  channel_id bigint NOT NULL REFERENCES channels (id),
  subscription_id bigint REFERENCES subscriptions (id),
  code text NOT NULL,
  discount_kind text NOT NULL CHECK (discount_kind IN ('percent', 'fixed')),
  discount_value bigint NOT NULL CHECK (discount_value > 0),
  discount_currency text,
  duration text NOT NULL CHECK (duration IN ('first', 'periods', 'forever')),
  periods integer CHECK (periods BETWEEN 1 AND 36),
  max_redemptions integer CHECK (max_redemptions > 0),
  ends_at timestamptz,
  new_members_only boolean NOT NULL DEFAULT false,
  paused boolean NOT NULL DEFAULT false,
  deleted boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL,
  CHECK (discount_kind = 'fixed' OR discount_value <= 100),
  CHECK ((discount_kind = 'fixed') = (discount_currency IS NOT NULL)),
  CHECK ((duration = 'periods') = (periods IS NOT NULL))
);
CREATE UNIQUE INDEX IF NOT EXISTS promo_codes_channel_code ON promo_codes (channel_id, code) WHERE NOT deleted;
CREATE INDEX IF NOT EXISTS promo_codes_channel ON promo_codes (channel_id, id);

-- A payment made with a code: the code and the price before the discount (amount is what was charged). Renewals the
-- code still discounts carry it too, so each code's revenue is read from its payments' ledger lines.
ALTER TABLE payments ADD COLUMN IF NOT EXISTS promo_code_id bigint REFERENCES promo_codes (id);
ALTER TABLE payments ADD COLUMN IF NOT EXISTS list_amount bigint;
CREATE INDEX IF NOT EXISTS payments_promo_code ON payments (promo_code_id) WHERE promo_code_id IS NOT NULL;

-- The code a membership was bought with: price_minor is what the next renewal charges; promo_renewals_left how many
-- more renewals are discounted (null: all of them); full_price_minor the price once they are used.
ALTER TABLE subscription_members ADD COLUMN IF NOT EXISTS promo_code_id bigint REFERENCES promo_codes (id);
ALTER TABLE subscription_members ADD COLUMN IF NOT EXISTS promo_renewals_left integer;
ALTER TABLE subscription_members ADD COLUMN IF NOT EXISTS full_price_minor bigint;
