-- The revenue series' slots (0060) summed per UTC day as well: a bucket's whole UTC days read one row per day and key,
-- and only the days a bucket edge cuts (any but 00:00 UTC) read their quarter hours, so a year of months reads about
-- 365 day rows and 12 days of slots per key instead of 35,000 slots. Kept by the same deferred row triggers.

CREATE TABLE IF NOT EXISTS revenue_days (
  user_id bigint NOT NULL,
  day timestamptz NOT NULL,
  channel_id bigint NOT NULL,
  currency text NOT NULL,
  type text NOT NULL,
  source text NOT NULL,
  amount bigint NOT NULL DEFAULT 0,
  stars_minor bigint NOT NULL DEFAULT 0,
  stars bigint NOT NULL DEFAULT 0,
  lines bigint NOT NULL DEFAULT 0,
  PRIMARY KEY (user_id, day, channel_id, currency, type, source)
);

CREATE TABLE IF NOT EXISTS channel_member_days (
  channel_id bigint NOT NULL,
  day timestamptz NOT NULL,
  joined bigint NOT NULL DEFAULT 0,
  expiring bigint NOT NULL DEFAULT 0,
  PRIMARY KEY (channel_id, day)
);

-- 00:00 UTC of the day holding `at`.
CREATE OR REPLACE FUNCTION revenue_day(at timestamptz) RETURNS timestamptz
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT to_timestamp(floor(extract(epoch FROM at) / 86400) * 86400)
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
END
$$;

CREATE OR REPLACE FUNCTION revenue_slots_on_truncate() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'transactions' THEN
    DELETE FROM revenue_slots;
    DELETE FROM revenue_days;
  ELSE
    DELETE FROM channel_member_slots;
    DELETE FROM channel_member_days;
  END IF;
  RETURN NULL;
END
$$;

-- What the slots hold already (scripts/bench-scale.ts runs the same after its bulk writes).
DELETE FROM revenue_days;
INSERT INTO revenue_days (user_id, day, channel_id, currency, type, source, amount, stars_minor, stars, lines)
SELECT user_id, revenue_day(slot), channel_id, currency, type, source, sum(amount), sum(stars_minor), sum(stars),
  sum(lines)
FROM revenue_slots GROUP BY 1, 2, 3, 4, 5, 6;
DELETE FROM channel_member_days;
INSERT INTO channel_member_days (channel_id, day, joined, expiring)
SELECT channel_id, revenue_day(slot), sum(joined), sum(expiring) FROM channel_member_slots GROUP BY 1, 2;
