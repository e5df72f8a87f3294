-- The revenue series (GET /revenue, server/modules/revenue/series.ts) kept, not recounted: per 15-minute slot, so
-- a day, week or month in any real zone (every offset is a whole number of quarter hours) is a whole number of
-- slots and a read sums at most a year of slots instead of a year of ledger lines and memberships.
-- - revenue_slots: per creator (transactions.user_id), channel (0: none), currency, earnings line type, source
--   (subscription or donation) and slot of the line's "counts at" time (coalesce(window_at, created_at)): the sum of
--   amounts, the sum of amounts of Stars lines (stars_amount set) and of their Stars, and the line count.
-- - channel_member_slots: per channel and slot, memberships activated in it and memberships whose current expires_at
--   falls in it (an update moving expires_at moves its count).
-- Kept by row triggers in the writer's transaction, deferred to COMMIT like the balance totals (0015) so the slot's row
-- is locked only while committing (insert, update, delete; truncate empties them); backfilled below.

CREATE TABLE IF NOT EXISTS revenue_slots (
  user_id bigint NOT NULL,
  slot timestamptz NOT NULL,
  channel_id bigint NOT NULL,
  currency text NOT NULL,
  type text NOT NULL,
  source text NOT NULL,
  amount bigint NOT NULL DEFAULT 0,
  stars_minor bigint NOT NULL DEFAULT 0,
  stars bigint NOT NULL DEFAULT 0,
  lines bigint NOT NULL DEFAULT 0,
  PRIMARY KEY (user_id, slot, channel_id, currency, type, source)
);

CREATE TABLE IF NOT EXISTS channel_member_slots (
  channel_id bigint NOT NULL,
  slot timestamptz NOT NULL,
  joined bigint NOT NULL DEFAULT 0,
  expiring bigint NOT NULL DEFAULT 0,
  PRIMARY KEY (channel_id, slot)
);

-- The start of the quarter hour holding `at`.
CREATE OR REPLACE FUNCTION revenue_slot(at timestamptz) RETURNS timestamptz
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT to_timestamp(floor(extract(epoch FROM at) / 900) * 900)
$$;

-- PL/pgSQL, so the statement is planned once per connection (a LANGUAGE sql function that writes is parsed and
-- planned at every call).
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
END
$$;

-- The earnings line types: src/domain/revenue.ts REVENUE_TRANSACTION_TYPES.
CREATE OR REPLACE FUNCTION revenue_slots_on_row() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') AND OLD.type IN ('sell_subscription', 'get_donation', 'refund_issued') THEN
    PERFORM revenue_slots_add(OLD.user_id, OLD.channel_id, OLD.currency, OLD.type, OLD.subscription_id,
      coalesce(OLD.window_at, OLD.created_at), OLD.amount, OLD.stars_amount, -1);
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') AND NEW.type IN ('sell_subscription', 'get_donation', 'refund_issued') THEN
    PERFORM revenue_slots_add(NEW.user_id, NEW.channel_id, NEW.currency, NEW.type, NEW.subscription_id,
      coalesce(NEW.window_at, NEW.created_at), NEW.amount, NEW.stars_amount, 1);
  END IF;
  RETURN NULL;
END
$$;

DROP TRIGGER IF EXISTS transactions_revenue_slots ON transactions;
CREATE CONSTRAINT TRIGGER transactions_revenue_slots AFTER INSERT OR UPDATE OR DELETE ON transactions
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION revenue_slots_on_row();

CREATE OR REPLACE FUNCTION member_slots_add(p_subscription bigint, p_at timestamptz, p_joined integer, p_expiring integer)
RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO channel_member_slots AS m (channel_id, slot, joined, expiring)
  SELECT s.channel_id, revenue_slot(p_at), p_joined, p_expiring FROM subscriptions s WHERE s.id = p_subscription
  ON CONFLICT (channel_id, slot) DO UPDATE SET joined = m.joined + excluded.joined, expiring = m.expiring + excluded.expiring;
END
$$;

CREATE OR REPLACE FUNCTION member_slots_on_row() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND NEW.subscription_id = OLD.subscription_id AND NEW.activated_at = OLD.activated_at
      AND NEW.expires_at IS NOT DISTINCT FROM OLD.expires_at THEN
    RETURN NULL;
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    PERFORM member_slots_add(OLD.subscription_id, OLD.activated_at, -1, 0);
    IF OLD.expires_at IS NOT NULL THEN
      PERFORM member_slots_add(OLD.subscription_id, OLD.expires_at, 0, -1);
    END IF;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    PERFORM member_slots_add(NEW.subscription_id, NEW.activated_at, 1, 0);
    IF NEW.expires_at IS NOT NULL THEN
      PERFORM member_slots_add(NEW.subscription_id, NEW.expires_at, 0, 1);
    END IF;
  END IF;
  RETURN NULL;
END
$$;

DROP TRIGGER IF EXISTS subscription_members_revenue_slots ON subscription_members;
CREATE CONSTRAINT TRIGGER subscription_members_revenue_slots AFTER INSERT OR UPDATE OR DELETE ON subscription_members
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION member_slots_on_row();

CREATE OR REPLACE FUNCTION revenue_slots_on_truncate() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'transactions' THEN
    DELETE FROM revenue_slots;
  ELSE
    DELETE FROM channel_member_slots;
  END IF;
  RETURN NULL;
END
$$;
DROP TRIGGER IF EXISTS transactions_revenue_slots_truncate ON transactions;
CREATE TRIGGER transactions_revenue_slots_truncate AFTER TRUNCATE ON transactions
  FOR EACH STATEMENT EXECUTE FUNCTION revenue_slots_on_truncate();
DROP TRIGGER IF EXISTS subscription_members_revenue_slots_truncate ON subscription_members;
CREATE TRIGGER subscription_members_revenue_slots_truncate AFTER TRUNCATE ON subscription_members
  FOR EACH STATEMENT EXECUTE FUNCTION revenue_slots_on_truncate();

-- What the ledger and the memberships hold already (scripts/bench-scale.ts runs the same after its bulk writes).
DELETE FROM revenue_slots;
INSERT INTO revenue_slots (user_id, slot, channel_id, currency, type, source, amount, stars_minor, stars, lines)
SELECT user_id, revenue_slot(coalesce(window_at, created_at)), coalesce(channel_id, 0), currency, type,
  CASE WHEN subscription_id IS NULL THEN 'donation' ELSE 'subscription' END, sum(amount),
  coalesce(sum(amount) FILTER (WHERE stars_amount IS NOT NULL), 0), coalesce(sum(stars_amount), 0), count(*)
FROM transactions
WHERE type IN ('sell_subscription', 'get_donation', 'refund_issued')
GROUP BY 1, 2, 3, 4, 5, 6;
DELETE FROM channel_member_slots;
INSERT INTO channel_member_slots (channel_id, slot, joined, expiring)
SELECT channel_id, slot, sum(joined), sum(expiring) FROM (
  SELECT s.channel_id, revenue_slot(m.activated_at) AS slot, 1 AS joined, 0 AS expiring
    FROM subscription_members m JOIN subscriptions s ON s.id = m.subscription_id
  UNION ALL
  SELECT s.channel_id, revenue_slot(m.expires_at), 0, 1
    FROM subscription_members m JOIN subscriptions s ON s.id = m.subscription_id WHERE m.expires_at IS NOT NULL
) e GROUP BY 1, 2;
