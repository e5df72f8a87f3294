-- Revenue insights kept, not recounted (rules: src/domain/insights.ts; reads: server/modules/revenue/insights.ts).
-- Per subscription and channel (a read sums its channels' rows, skipping deleted subscriptions and channels):
-- - subscription_mrr: per subscription and currency ('xtr': Telegram Stars), the yearly run rate of its recurring memberships that renew
--   (status active, period not onetime) and have not expired at `counted_at`: price x periods a year (weekly 52,
--   monthly 12, yearly 1), so sums stay exact; the monthly figure is one rounding of yearly / 12 at read time.
-- - channel_month_members: per UTC month, memberships that started (an activation: a first payment, or a payment
--   after the last one ended) and memberships whose access ended without a renewal (expiry passed after a cancel, a
--   ban, a failed renewal, or a refund that ended it), counted in the month of the end, for ends up to `counted_at`.
-- - channel_insights: `counted_at`, the time both are kept at.
-- A free trial (trial_ends_at set, migration 0055) is not paid: it is in neither figure until a payment converts it
-- (then it is new, in the month of that payment); a trial that ends unpaid is not lost (trial conversion counts it).
-- Kept by a trigger on subscription_members in the same database transaction as every membership write, deferred to
-- COMMIT like the member counts (0041). Expiry writes nothing: a read adds the ends in (counted_at, now] from the
-- (subscription_id, expires_at) index, and the member-counts job moves counted_at up to now in the same transaction
-- as it takes those ends in (insights_settle), so that range stays short. Backfilled below from the rows written.

CREATE TABLE IF NOT EXISTS channel_insights (
  channel_id bigint PRIMARY KEY,
  counted_at timestamptz NOT NULL
);
CREATE TABLE IF NOT EXISTS subscription_mrr (
  subscription_id bigint NOT NULL,
  currency text NOT NULL,
  yearly_minor bigint NOT NULL,
  members bigint NOT NULL,
  PRIMARY KEY (subscription_id, currency)
);
CREATE TABLE IF NOT EXISTS channel_month_members (
  channel_id bigint NOT NULL,
  month date NOT NULL,
  joined bigint NOT NULL DEFAULT 0,
  lost bigint NOT NULL DEFAULT 0,
  PRIMARY KEY (channel_id, month)
);

-- Renewals a year of a period (src/domain/insights.ts PERIODS_A_YEAR); 0: not recurring.
CREATE OR REPLACE FUNCTION insights_periods_a_year(p_period text) RETURNS integer
LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE p_period WHEN 'weekly' THEN 52 WHEN 'monthly' THEN 12 WHEN 'quarterly' THEN 4 WHEN 'yearly' THEN 1
    ELSE 0 END
$$;

CREATE OR REPLACE FUNCTION insights_month(p_at timestamptz) RETURNS date
LANGUAGE sql IMMUTABLE AS $$
  SELECT date_trunc('month', p_at AT TIME ZONE 'UTC')::date
$$;

CREATE OR REPLACE FUNCTION insights_add_month(p_channel bigint, p_month date, p_joined bigint, p_lost bigint)
RETURNS void LANGUAGE sql AS $$
  INSERT INTO channel_month_members (channel_id, month, joined, lost) VALUES (p_channel, p_month, p_joined, p_lost)
    ON CONFLICT (channel_id, month) DO UPDATE
    SET joined = channel_month_members.joined + excluded.joined, lost = channel_month_members.lost + excluded.lost
$$;

CREATE OR REPLACE FUNCTION insights_add_mrr(p_sub bigint, p_currency text, p_yearly bigint, p_members bigint)
RETURNS void LANGUAGE sql AS $$
  INSERT INTO subscription_mrr (subscription_id, currency, yearly_minor, members)
    VALUES (p_sub, p_currency, p_yearly, p_members)
    ON CONFLICT (subscription_id, currency) DO UPDATE SET yearly_minor = subscription_mrr.yearly_minor
      + excluded.yearly_minor, members = subscription_mrr.members + excluded.members
$$;

CREATE OR REPLACE FUNCTION insights_on_row() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  v_sub bigint := CASE WHEN TG_OP = 'DELETE' THEN OLD.subscription_id ELSE NEW.subscription_id END;
  v_at timestamptz := CASE WHEN TG_OP = 'DELETE' THEN OLD.updated_at ELSE NEW.updated_at END;
  v_channel bigint;
  v_counted timestamptz;
  v_old_lost boolean := false;
  v_reactivated boolean := false;
  v_old_paid boolean := TG_OP <> 'INSERT' AND OLD.trial_ends_at IS NULL;
  v_new_paid boolean := TG_OP <> 'DELETE' AND NEW.trial_ends_at IS NULL;
BEGIN
  SELECT channel_id INTO v_channel FROM subscriptions WHERE id = v_sub;
  INSERT INTO channel_insights (channel_id, counted_at) VALUES (v_channel, v_at) ON CONFLICT (channel_id) DO NOTHING;
  SELECT counted_at INTO v_counted FROM channel_insights WHERE channel_id = v_channel FOR UPDATE;

  -- MRR: this row's contribution at counted_at, before and after.
  IF v_old_paid AND OLD.status = 'active' AND insights_periods_a_year(OLD.period) > 0
      AND (OLD.expires_at IS NULL OR OLD.expires_at > v_counted) THEN
    PERFORM insights_add_mrr(v_sub,
      CASE WHEN OLD.payment_method = 'telegram_stars' AND OLD.stars_price IS NOT NULL THEN 'xtr' ELSE OLD.currency END,
      -(CASE WHEN OLD.payment_method = 'telegram_stars' AND OLD.stars_price IS NOT NULL THEN OLD.stars_price
        ELSE OLD.price_minor END) * insights_periods_a_year(OLD.period), -1);
  END IF;
  IF v_new_paid AND NEW.status = 'active' AND insights_periods_a_year(NEW.period) > 0
      AND (NEW.expires_at IS NULL OR NEW.expires_at > v_counted) THEN
    PERFORM insights_add_mrr(v_sub,
      CASE WHEN NEW.payment_method = 'telegram_stars' AND NEW.stars_price IS NOT NULL THEN 'xtr' ELSE NEW.currency END,
      (CASE WHEN NEW.payment_method = 'telegram_stars' AND NEW.stars_price IS NOT NULL THEN NEW.stars_price
        ELSE NEW.price_minor END) * insights_periods_a_year(NEW.period), 1);
  END IF;

  -- Joins: a new paid row, a new activation of the row (a payment after its last period ended), or a trial's payment.
  IF TG_OP = 'INSERT' THEN
    IF v_new_paid THEN
      PERFORM insights_add_month(v_channel, insights_month(NEW.activated_at), 1, 0);
    END IF;
  ELSIF TG_OP = 'UPDATE' AND NEW.activated_at IS DISTINCT FROM OLD.activated_at THEN
    v_reactivated := true;
    IF v_new_paid THEN
      PERFORM insights_add_month(v_channel, insights_month(NEW.activated_at), 1, 0);
    END IF;
  ELSIF TG_OP = 'UPDATE' AND v_new_paid AND NOT v_old_paid THEN
    PERFORM insights_add_month(v_channel, insights_month(NEW.updated_at), 1, 0);
  ELSIF TG_OP = 'DELETE' AND v_old_paid THEN
    PERFORM insights_add_month(v_channel, insights_month(OLD.activated_at), -1, 0);
  END IF;

  -- Losses: an end up to counted_at is kept in its month. A row that ends again within the same activation (a late
  -- renewal, a renew after a cancel) moves or takes back its end; a new activation keeps the old one's end as lost.
  v_old_lost := v_old_paid AND OLD.expires_at IS NOT NULL AND OLD.expires_at <= v_counted;
  IF v_reactivated THEN
    IF v_old_paid AND NOT v_old_lost THEN
      -- The old activation ended after counted_at: its end is counted now, as no read will find it in the index.
      PERFORM insights_add_month(v_channel,
        insights_month(least(coalesce(OLD.expires_at, NEW.activated_at), NEW.activated_at)), 0, 1);
    END IF;
  ELSIF v_old_lost THEN
    PERFORM insights_add_month(v_channel, insights_month(OLD.expires_at), 0, -1);
  END IF;
  IF v_new_paid AND NEW.expires_at IS NOT NULL AND NEW.expires_at <= v_counted THEN
    PERFORM insights_add_month(v_channel, insights_month(NEW.expires_at), 0, 1);
  END IF;
  RETURN NULL;
END
$$;

DROP TRIGGER IF EXISTS subscription_members_insights ON subscription_members;
CREATE CONSTRAINT TRIGGER subscription_members_insights AFTER INSERT OR UPDATE OR DELETE ON subscription_members
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION insights_on_row();

CREATE OR REPLACE FUNCTION insights_on_truncate() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM channel_insights;
  DELETE FROM subscription_mrr;
  DELETE FROM channel_month_members;
  RETURN NULL;
END
$$;
DROP TRIGGER IF EXISTS subscription_members_insights_truncate ON subscription_members;
CREATE TRIGGER subscription_members_insights_truncate AFTER TRUNCATE ON subscription_members
  FOR EACH STATEMENT EXECUTE FUNCTION insights_on_truncate();

-- The job: up to p_limit channels with ends in (counted_at, p_now] take them in (losses per month, MRR of the
-- memberships that stopped renewing) and count from p_now. Answers how many channels it moved.
CREATE OR REPLACE FUNCTION insights_settle(p_now timestamptz, p_limit integer) RETURNS integer
LANGUAGE plpgsql AS $$
DECLARE
  v_id bigint;
  v_counted timestamptz;
  v_moved integer := 0;
BEGIN
  FOR v_id IN
    SELECT k.channel_id FROM channel_insights k
    WHERE k.counted_at < p_now AND EXISTS (SELECT 1 FROM subscriptions s JOIN subscription_members m
      ON m.subscription_id = s.id AND m.expires_at > k.counted_at AND m.expires_at <= p_now
      WHERE s.channel_id = k.channel_id AND m.trial_ends_at IS NULL)
    ORDER BY k.channel_id LIMIT p_limit
  LOOP
    SELECT counted_at INTO v_counted FROM channel_insights WHERE channel_id = v_id FOR UPDATE;
    IF v_counted < p_now THEN
      PERFORM insights_add_month(v_id, e.month, 0, e.lost)
      FROM (SELECT insights_month(m.expires_at) AS month, count(*) AS lost
        FROM subscriptions s JOIN subscription_members m ON m.subscription_id = s.id
        WHERE s.channel_id = v_id AND m.expires_at > v_counted AND m.expires_at <= p_now
          AND m.trial_ends_at IS NULL GROUP BY 1) e;
      PERFORM insights_add_mrr(e.subscription_id, e.currency, -e.yearly, -e.members)
      FROM (SELECT m.subscription_id, CASE WHEN m.payment_method = 'telegram_stars' AND m.stars_price IS NOT NULL THEN 'xtr'
          ELSE m.currency END AS currency,
          sum((CASE WHEN m.payment_method = 'telegram_stars' AND m.stars_price IS NOT NULL THEN m.stars_price
            ELSE m.price_minor END) * insights_periods_a_year(m.period))::bigint AS yearly, count(*) AS members
        FROM subscriptions s JOIN subscription_members m ON m.subscription_id = s.id
        WHERE s.channel_id = v_id AND m.expires_at > v_counted AND m.expires_at <= p_now
          AND m.status = 'active' AND insights_periods_a_year(m.period) > 0 AND m.trial_ends_at IS NULL
          GROUP BY 1, 2) e;
      UPDATE channel_insights SET counted_at = p_now WHERE channel_id = v_id;
      v_moved := v_moved + 1;
    END IF;
  END LOOP;
  RETURN v_moved;
END
$$;

-- Backfill, counted at the database's now: each membership's current activation and, if passed, its end.
DELETE FROM channel_insights;
DELETE FROM subscription_mrr;
DELETE FROM channel_month_members;
INSERT INTO channel_insights (channel_id, counted_at) SELECT c.id, now() FROM channels c;
INSERT INTO subscription_mrr (subscription_id, currency, yearly_minor, members)
SELECT m.subscription_id,
  CASE WHEN m.payment_method = 'telegram_stars' AND m.stars_price IS NOT NULL THEN 'xtr' ELSE m.currency END,
  sum((CASE WHEN m.payment_method = 'telegram_stars' AND m.stars_price IS NOT NULL THEN m.stars_price
    ELSE m.price_minor END) * insights_periods_a_year(m.period)), count(*)
FROM subscription_members m
WHERE m.status = 'active' AND insights_periods_a_year(m.period) > 0 AND (m.expires_at IS NULL OR m.expires_at > now())
  AND m.trial_ends_at IS NULL
GROUP BY 1, 2;
INSERT INTO channel_month_members (channel_id, month, joined, lost)
SELECT channel_id, month, sum(joined), sum(lost) FROM (
  SELECT s.channel_id, insights_month(m.activated_at) AS month, 1 AS joined, 0 AS lost
    FROM subscription_members m JOIN subscriptions s ON s.id = m.subscription_id WHERE m.trial_ends_at IS NULL
  UNION ALL
  SELECT s.channel_id, insights_month(m.expires_at), 0, 1
    FROM subscription_members m JOIN subscriptions s ON s.id = m.subscription_id
    WHERE m.expires_at IS NOT NULL AND m.expires_at <= now() AND m.trial_ends_at IS NULL
) e GROUP BY 1, 2;
