-- Per promo code, kept by triggers in the writer's transaction, so the code list, revenue insights and the
-- max_redemptions check read one row per code instead of counting its payments and ledger lines:
-- - promo_code_counts: invoice payments with the code that are paid and not refunded (redemptions), under way
--   (pending), and holding a slot of max_redemptions (live: under way, or paid, and not refunded);
-- - promo_code_revenue: what the code's payments (first ones and discounted renewals) brought per currency, minus
--   refunds: buy_subscription lines added, refund_received lines taken off.
CREATE TABLE IF NOT EXISTS promo_code_counts (
  promo_code_id bigint PRIMARY KEY REFERENCES promo_codes (id),
  redemptions integer NOT NULL DEFAULT 0,
  pending integer NOT NULL DEFAULT 0,
  live integer NOT NULL DEFAULT 0
);

CREATE TABLE IF NOT EXISTS promo_code_revenue (
  promo_code_id bigint NOT NULL REFERENCES promo_codes (id),
  currency text NOT NULL,
  amount bigint NOT NULL DEFAULT 0,
  PRIMARY KEY (promo_code_id, currency)
);

CREATE OR REPLACE FUNCTION promo_code_counts_of_payment() RETURNS trigger AS $$
DECLARE
  old_code bigint := NULL;
  new_code bigint := NULL;
  o_redeemed integer := 0; o_pending integer := 0; o_live integer := 0;
  n_redeemed integer := 0; n_pending integer := 0; n_live integer := 0;
BEGIN
  IF TG_OP <> 'INSERT' AND OLD.promo_code_id IS NOT NULL AND OLD.purpose = 'invoice' THEN
    old_code := OLD.promo_code_id;
    o_redeemed := (OLD.status = 'paid' AND OLD.refund_status IS NULL)::int;
    o_pending := (OLD.status IN ('pending', 'action_required'))::int;
    o_live := (OLD.status IN ('pending', 'action_required', 'paid') AND OLD.refund_status IS NULL)::int;
  END IF;
  IF TG_OP <> 'DELETE' AND NEW.promo_code_id IS NOT NULL AND NEW.purpose = 'invoice' THEN
    new_code := NEW.promo_code_id;
    n_redeemed := (NEW.status = 'paid' AND NEW.refund_status IS NULL)::int;
    n_pending := (NEW.status IN ('pending', 'action_required'))::int;
    n_live := (NEW.status IN ('pending', 'action_required', 'paid') AND NEW.refund_status IS NULL)::int;
  END IF;
  IF old_code IS NOT NULL AND old_code IS NOT DISTINCT FROM new_code THEN
    -- The usual update: one row, only when a count moves.
    IF (n_redeemed, n_pending, n_live) <> (o_redeemed, o_pending, o_live) THEN
      INSERT INTO promo_code_counts AS c (promo_code_id, redemptions, pending, live)
      VALUES (new_code, n_redeemed - o_redeemed, n_pending - o_pending, n_live - o_live)
      ON CONFLICT (promo_code_id) DO UPDATE SET redemptions = c.redemptions + excluded.redemptions,
        pending = c.pending + excluded.pending, live = c.live + excluded.live;
    END IF;
    RETURN NULL;
  END IF;
  IF old_code IS NOT NULL AND (o_redeemed, o_pending, o_live) <> (0, 0, 0) THEN
    INSERT INTO promo_code_counts AS c (promo_code_id, redemptions, pending, live)
    VALUES (old_code, -o_redeemed, -o_pending, -o_live)
    ON CONFLICT (promo_code_id) DO UPDATE SET redemptions = c.redemptions + excluded.redemptions,
      pending = c.pending + excluded.pending, live = c.live + excluded.live;
  END IF;
  IF new_code IS NOT NULL AND (n_redeemed, n_pending, n_live) <> (0, 0, 0) THEN
    INSERT INTO promo_code_counts AS c (promo_code_id, redemptions, pending, live)
    VALUES (new_code, n_redeemed, n_pending, n_live)
    ON CONFLICT (promo_code_id) DO UPDATE SET redemptions = c.redemptions + excluded.redemptions,
      pending = c.pending + excluded.pending, live = c.live + excluded.live;
  END IF;
  RETURN NULL;
END $$ LANGUAGE plpgsql;

DROP TRIGGER IF EXISTS promo_code_counts ON payments;
CREATE TRIGGER promo_code_counts AFTER INSERT OR DELETE OR UPDATE OF status, refund_status, purpose, promo_code_id
  ON payments FOR EACH ROW EXECUTE FUNCTION promo_code_counts_of_payment();

-- The ledger is written once and never changed (only a payout's withdrawal line is ever deleted), so inserts suffice.
CREATE OR REPLACE FUNCTION promo_code_revenue_of_line() RETURNS trigger AS $$
DECLARE
  code bigint;
BEGIN
  SELECT promo_code_id INTO code FROM payments WHERE id = NEW.payment_id;
  IF code IS NOT NULL THEN
    INSERT INTO promo_code_revenue AS r (promo_code_id, currency, amount)
    VALUES (code, NEW.currency, CASE WHEN NEW.type = 'buy_subscription' THEN NEW.amount ELSE -NEW.amount END)
    ON CONFLICT (promo_code_id, currency) DO UPDATE SET amount = r.amount + excluded.amount;
  END IF;
  RETURN NULL;
END $$ LANGUAGE plpgsql;

DROP TRIGGER IF EXISTS promo_code_revenue ON transactions;
CREATE TRIGGER promo_code_revenue AFTER INSERT ON transactions FOR EACH ROW
  WHEN (NEW.payment_id IS NOT NULL AND NEW.type IN ('buy_subscription', 'refund_received'))
  EXECUTE FUNCTION promo_code_revenue_of_line();

-- What the payments and the ledger hold already.
INSERT INTO promo_code_counts (promo_code_id, redemptions, pending, live)
SELECT promo_code_id,
  count(*) FILTER (WHERE status = 'paid' AND refund_status IS NULL),
  count(*) FILTER (WHERE status IN ('pending', 'action_required')),
  count(*) FILTER (WHERE status IN ('pending', 'action_required', 'paid') AND refund_status IS NULL)
FROM payments WHERE promo_code_id IS NOT NULL AND purpose = 'invoice'
GROUP BY promo_code_id
ON CONFLICT (promo_code_id) DO NOTHING;

INSERT INTO promo_code_revenue (promo_code_id, currency, amount)
SELECT p.promo_code_id, t.currency, sum(CASE WHEN t.type = 'buy_subscription' THEN t.amount ELSE -t.amount END)
FROM payments p JOIN transactions t ON t.payment_id = p.id AND t.type IN ('buy_subscription', 'refund_received')
WHERE p.promo_code_id IS NOT NULL
GROUP BY p.promo_code_id, t.currency
ON CONFLICT (promo_code_id, currency) DO NOTHING;
