-- The revenue series' sums (0060, 0061) per UTC month as well. A month bucket in any zone is its UTC month give or take
-- a day at each edge (offsets are under a day), so a past month reads one row per key plus a day row or two to add or
-- take away, instead of about 30 day rows per key and channel: a year of months read 717 day rows for a creator with
-- two channels at bench:scale's 100× data, and that grows with every channel. Kept by the same deferred row triggers.

CREATE TABLE IF NOT EXISTS revenue_months (
  user_id bigint NOT NULL,
  month timestamptz NOT NULL,
  channel_id bigint NOT NULL,
  currency text NOT NULL,
  type text NOT NULL,
  source text NOT NULL,
  amount bigint NOT NULL DEFAULT 0,
  stars_minor bigint NOT NULL DEFAULT 0,
  stars bigint NOT NULL DEFAULT 0,
  lines bigint NOT NULL DEFAULT 0,
  PRIMARY KEY (user_id, month, channel_id, currency, type, source)
);

CREATE TABLE IF NOT EXISTS channel_member_months (
  channel_id bigint NOT NULL,
  month timestamptz NOT NULL,
  joined bigint NOT NULL DEFAULT 0,
  expiring bigint NOT NULL DEFAULT 0,
  PRIMARY KEY (channel_id, month)
);

-- 00:00 UTC of the first day of the UTC month holding `at`. Every function in the body is IMMUTABLE (date_trunc of a
-- timestamp, not of a timestamptz), so callers' plans inline it (0063).
CREATE OR REPLACE FUNCTION revenue_month(at timestamptz) RETURNS timestamptz
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT date_trunc('month', at AT TIME ZONE 'UTC') AT TIME ZONE 'UTC'
$$;

CREATE OR REPLACE FUNCTION revenue_slots_add(p_user bigint, p_channel bigint, p_currency text, p_type text,
  p_subscription bigint, p_at timestamptz, p_amount bigint, p_stars integer, p_sign integer)
RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO revenue_slots AS r (user_id, slot, channel_id, currency, type, source, amount, stars_minor, stars, lines)
  VALUES (p_user, revenue_slot(p_at), coalesce(p_channel, 0), p_currency, p_type,
    CASE WHEN p_subscription IS NULL THEN 'donation' ELSE 'subscription' END, p_sign * p_amount,
    CASE WHEN p_stars IS NULL THEN 0 ELSE p_sign * p_amount END, p_sign * coalesce(p_stars, 0), p_sign)
  ON CONFLICT (user_id, slot, channel_id, currency, type, source) DO UPDATE
  SET amount = r.amount + excluded.amount, stars_minor = r.stars_minor + excluded.stars_minor,
    stars = r.stars + excluded.stars, lines = r.lines + excluded.lines;
  INSERT INTO revenue_days AS r (user_id, day, channel_id, currency, type, source, amount, stars_minor, stars, lines)
  VALUES (p_user, revenue_day(p_at), coalesce(p_channel, 0), p_currency, p_type,
    CASE WHEN p_subscription IS NULL THEN 'donation' ELSE 'subscription' END, p_sign * p_amount,
    CASE WHEN p_stars IS NULL THEN 0 ELSE p_sign * p_amount END, p_sign * coalesce(p_stars, 0), p_sign)
  ON CONFLICT (user_id, day, channel_id, currency, type, source) DO UPDATE
  SET amount = r.amount + excluded.amount, stars_minor = r.stars_minor + excluded.stars_minor,
    stars = r.stars + excluded.stars, lines = r.lines + excluded.lines;
  INSERT INTO revenue_months AS r (user_id, month, channel_id, currency, type, source, amount, stars_minor, stars, lines)
  VALUES (p_user, revenue_month(p_at), coalesce(p_channel, 0), p_currency, p_type,
    CASE WHEN p_subscription IS NULL THEN 'donation' ELSE 'subscription' END, p_sign * p_amount,
    CASE WHEN p_stars IS NULL THEN 0 ELSE p_sign * p_amount END, p_sign * coalesce(p_stars, 0), p_sign)
  ON CONFLICT (user_id, month, channel_id, currency, type, source) DO UPDATE
  SET amount = r.amount + excluded.amount, stars_minor = r.stars_minor + excluded.stars_minor,
    stars = r.stars + excluded.stars, lines = r.lines + excluded.lines;
END
$$;

CREATE OR REPLACE FUNCTION member_slots_add(p_subscription bigint, p_at timestamptz, p_joined integer, p_expiring integer)
RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO channel_member_slots AS m (channel_id, slot, joined, expiring)
  SELECT s.channel_id, revenue_slot(p_at), p_joined, p_expiring FROM subscriptions s WHERE s.id = p_subscription
  ON CONFLICT (channel_id, slot) DO UPDATE SET joined = m.joined + excluded.joined, expiring = m.expiring + excluded.expiring;
  INSERT INTO channel_member_days AS m (channel_id, day, joined, expiring)
  SELECT s.channel_id, revenue_day(p_at), p_joined, p_expiring FROM subscriptions s WHERE s.id = p_subscription
  ON CONFLICT (channel_id, day) DO UPDATE SET joined = m.joined + excluded.joined, expiring = m.expiring + excluded.expiring;
  INSERT INTO channel_member_months AS m (channel_id, month, joined, expiring)
  SELECT s.channel_id, revenue_month(p_at), p_joined, p_expiring FROM subscriptions s WHERE s.id = p_subscription
  ON CONFLICT (channel_id, month) DO UPDATE SET joined = m.joined + excluded.joined, expiring = m.expiring + excluded.expiring;
END
$$;

CREATE OR REPLACE FUNCTION revenue_slots_on_truncate() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'transactions' THEN
    DELETE FROM revenue_slots;
    DELETE FROM revenue_days;
    DELETE FROM revenue_months;
  ELSE
    DELETE FROM channel_member_slots;
    DELETE FROM channel_member_days;
    DELETE FROM channel_member_months;
  END IF;
  RETURN NULL;
END
$$;

-- What the days hold already (scripts/bench-scale.ts runs the same after its bulk writes).
DELETE FROM revenue_months;
INSERT INTO revenue_months (user_id, month, channel_id, currency, type, source, amount, stars_minor, stars, lines)
SELECT user_id, revenue_month(day), channel_id, currency, type, source, sum(amount), sum(stars_minor), sum(stars),
  sum(lines)
FROM revenue_days GROUP BY 1, 2, 3, 4, 5, 6;
DELETE FROM channel_member_months;
INSERT INTO channel_member_months (channel_id, month, joined, expiring)
SELECT channel_id, revenue_month(day), sum(joined), sum(expiring) FROM channel_member_days GROUP BY 1, 2;
