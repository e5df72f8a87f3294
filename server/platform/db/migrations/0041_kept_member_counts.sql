-- Subscriber counts kept, not recounted. A subscriber (liveMemberSql, src/domain/members.ts isLiveMember) is a
-- membership that is one-time or still renewing ("standing": period = 'onetime' OR status = 'active') and not expired
-- at the server's now. Counting them per request read every member of a big creator; instead:
-- - subscription_live_counts: per subscription, `live` = its standing members whose expiry is after `counted_at`
--   (or none);
-- - channel_member_ends: per channel and person with a standing membership in it, the latest end among them
--   ('infinity' when one never ends), and channel_live_counts: per channel, `live` = those rows ending after
--   `counted_at` (distinct people, as a channel's subscriber count is);
-- kept by a trigger on subscription_members in the same database transaction as every membership write (start,
-- renewal, cancel, ban, refund), deferred to COMMIT like the other hot rows (0015) so a row lock is held briefly.
-- Expiry needs no write: the count at `now` is `live` less the standing ends in (counted_at, now] (more those in
-- (now, counted_at] for a clock behind it), read from the index entries in between (subscription_live_members,
-- channel_live_members). The member-counts job moves `counted_at` up to now in the same transaction as it takes the
-- ends passed off `live`, so that range stays short. Backfilled below from the rows already written.

CREATE TABLE IF NOT EXISTS subscription_live_counts (
  subscription_id bigint PRIMARY KEY,
  live bigint NOT NULL,
  counted_at timestamptz NOT NULL
);
CREATE TABLE IF NOT EXISTS channel_live_counts (
  channel_id bigint PRIMARY KEY,
  live bigint NOT NULL,
  counted_at timestamptz NOT NULL
);
CREATE TABLE IF NOT EXISTS channel_member_ends (
  channel_id bigint NOT NULL,
  user_id bigint NOT NULL,
  ends_at timestamptz NOT NULL,
  PRIMARY KEY (channel_id, user_id)
);
CREATE INDEX IF NOT EXISTS channel_member_ends_ends ON channel_member_ends (channel_id, ends_at);
-- Standing members by expiry: the ends between counted_at and now, and the next expiry of a subscription.
CREATE INDEX IF NOT EXISTS subscription_members_standing_expiry ON subscription_members (subscription_id, expires_at)
  WHERE period = 'onetime' OR status = 'active';

CREATE OR REPLACE FUNCTION member_counts_on_row() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  v_sub bigint := CASE WHEN TG_OP = 'DELETE' THEN OLD.subscription_id ELSE NEW.subscription_id END;
  v_user bigint := CASE WHEN TG_OP = 'DELETE' THEN OLD.user_id ELSE NEW.user_id END;
  v_at timestamptz := CASE WHEN TG_OP = 'DELETE' THEN OLD.updated_at ELSE NEW.updated_at END;
  v_channel bigint;
  v_counted timestamptz;
  v_old_end timestamptz;
  v_new_end timestamptz;
BEGIN
  -- The subscription's count: the change of this row's contribution, against the row's counted_at (locked by the
  -- update, so the job's settling and this change are serialized).
  INSERT INTO subscription_live_counts (subscription_id, live, counted_at) VALUES (v_sub, 0, v_at)
    ON CONFLICT (subscription_id) DO NOTHING;
  UPDATE subscription_live_counts k SET live = k.live
    + CASE WHEN TG_OP <> 'DELETE' AND (NEW.period = 'onetime' OR NEW.status = 'active')
        AND (NEW.expires_at IS NULL OR NEW.expires_at > k.counted_at) THEN 1 ELSE 0 END
    - CASE WHEN TG_OP <> 'INSERT' AND (OLD.period = 'onetime' OR OLD.status = 'active')
        AND (OLD.expires_at IS NULL OR OLD.expires_at > k.counted_at) THEN 1 ELSE 0 END
  WHERE k.subscription_id = v_sub;

  -- The channel's count of people: lock the channel's count first, then read the person's standing memberships in
  -- the channel as committed now (a statement of its own: READ COMMITTED sees what committed before the lock).
  SELECT channel_id INTO v_channel FROM subscriptions WHERE id = v_sub;
  INSERT INTO channel_live_counts (channel_id, live, counted_at) VALUES (v_channel, 0, v_at)
    ON CONFLICT (channel_id) DO NOTHING;
  SELECT counted_at INTO v_counted FROM channel_live_counts WHERE channel_id = v_channel FOR UPDATE;
  SELECT max(coalesce(m.expires_at, 'infinity')) INTO v_new_end
    FROM subscription_members m JOIN subscriptions s ON s.id = m.subscription_id
    WHERE m.user_id = v_user AND s.channel_id = v_channel AND (m.period = 'onetime' OR m.status = 'active');
  SELECT ends_at INTO v_old_end FROM channel_member_ends WHERE channel_id = v_channel AND user_id = v_user;
  IF v_new_end IS DISTINCT FROM v_old_end THEN
    IF v_new_end IS NULL THEN
      DELETE FROM channel_member_ends WHERE channel_id = v_channel AND user_id = v_user;
    ELSE
      INSERT INTO channel_member_ends (channel_id, user_id, ends_at) VALUES (v_channel, v_user, v_new_end)
        ON CONFLICT (channel_id, user_id) DO UPDATE SET ends_at = excluded.ends_at;
    END IF;
    UPDATE channel_live_counts SET live = live
      + CASE WHEN v_new_end > v_counted THEN 1 ELSE 0 END - CASE WHEN v_old_end > v_counted THEN 1 ELSE 0 END
    WHERE channel_id = v_channel;
  END IF;
  RETURN NULL;
END
$$;

DROP TRIGGER IF EXISTS subscription_members_counts ON subscription_members;
CREATE CONSTRAINT TRIGGER subscription_members_counts AFTER INSERT OR UPDATE OR DELETE ON subscription_members
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION member_counts_on_row();

CREATE OR REPLACE FUNCTION member_counts_on_truncate() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM subscription_live_counts;
  DELETE FROM channel_live_counts;
  DELETE FROM channel_member_ends;
  RETURN NULL;
END
$$;
DROP TRIGGER IF EXISTS subscription_members_counts_truncate ON subscription_members;
CREATE TRIGGER subscription_members_counts_truncate AFTER TRUNCATE ON subscription_members
  FOR EACH STATEMENT EXECUTE FUNCTION member_counts_on_truncate();

-- The subscribers of a subscription at p_now: the kept count moved from counted_at to p_now over the index entries
-- in between.
CREATE OR REPLACE FUNCTION subscription_live_members(p_sub bigint, p_now timestamptz) RETURNS bigint
LANGUAGE sql STABLE AS $$
  SELECT coalesce((
    SELECT k.live
      - (SELECT count(*) FROM subscription_members m WHERE m.subscription_id = p_sub
          AND (m.period = 'onetime' OR m.status = 'active') AND m.expires_at > k.counted_at AND m.expires_at <= p_now)
      + (SELECT count(*) FROM subscription_members m WHERE m.subscription_id = p_sub
          AND (m.period = 'onetime' OR m.status = 'active') AND m.expires_at > p_now AND m.expires_at <= k.counted_at)
    FROM subscription_live_counts k WHERE k.subscription_id = p_sub), 0)
$$;

-- The distinct subscribers of a channel at p_now, likewise.
CREATE OR REPLACE FUNCTION channel_live_members(p_channel bigint, p_now timestamptz) RETURNS bigint
LANGUAGE sql STABLE AS $$
  SELECT coalesce((
    SELECT k.live
      - (SELECT count(*) FROM channel_member_ends e WHERE e.channel_id = p_channel
          AND e.ends_at > k.counted_at AND e.ends_at <= p_now)
      + (SELECT count(*) FROM channel_member_ends e WHERE e.channel_id = p_channel
          AND e.ends_at > p_now AND e.ends_at <= k.counted_at)
    FROM channel_live_counts k WHERE k.channel_id = p_channel), 0)
$$;

-- The member-counts job: up to p_limit subscriptions and p_limit channels whose kept count has ends passed by p_now
-- take them off and count from p_now (each row locked first, then the ends counted as committed). Answers how many
-- counts it moved; the job calls again while that is the whole batch.
CREATE OR REPLACE FUNCTION member_counts_settle(p_now timestamptz, p_limit integer) RETURNS integer
LANGUAGE plpgsql AS $$
DECLARE
  v_id bigint;
  v_moved integer := 0;
BEGIN
  FOR v_id IN
    SELECT k.subscription_id FROM subscription_live_counts k
    WHERE k.counted_at < p_now AND EXISTS (SELECT 1 FROM subscription_members m WHERE m.subscription_id = k.subscription_id
      AND (m.period = 'onetime' OR m.status = 'active') AND m.expires_at > k.counted_at AND m.expires_at <= p_now)
    ORDER BY k.subscription_id LIMIT p_limit
  LOOP
    PERFORM 1 FROM subscription_live_counts WHERE subscription_id = v_id FOR UPDATE;
    UPDATE subscription_live_counts k SET live = subscription_live_members(v_id, p_now), counted_at = p_now
      WHERE k.subscription_id = v_id AND k.counted_at < p_now;
    v_moved := v_moved + 1;
  END LOOP;
  FOR v_id IN
    SELECT k.channel_id FROM channel_live_counts k
    WHERE k.counted_at < p_now AND EXISTS (SELECT 1 FROM channel_member_ends e WHERE e.channel_id = k.channel_id
      AND e.ends_at > k.counted_at AND e.ends_at <= p_now)
    ORDER BY k.channel_id LIMIT p_limit
  LOOP
    PERFORM 1 FROM channel_live_counts WHERE channel_id = v_id FOR UPDATE;
    UPDATE channel_live_counts k SET live = channel_live_members(v_id, p_now), counted_at = p_now
      WHERE k.channel_id = v_id AND k.counted_at < p_now;
    v_moved := v_moved + 1;
  END LOOP;
  RETURN v_moved;
END
$$;

-- Backfill, counted at the database's now.
DELETE FROM subscription_live_counts;
DELETE FROM channel_live_counts;
DELETE FROM channel_member_ends;
INSERT INTO subscription_live_counts (subscription_id, live, counted_at)
SELECT s.id, count(m.id) FILTER (WHERE (m.period = 'onetime' OR m.status = 'active')
  AND (m.expires_at IS NULL OR m.expires_at > now())), now()
FROM subscriptions s LEFT JOIN subscription_members m ON m.subscription_id = s.id
GROUP BY s.id;
INSERT INTO channel_member_ends (channel_id, user_id, ends_at)
SELECT s.channel_id, m.user_id, max(coalesce(m.expires_at, 'infinity'))
FROM subscription_members m JOIN subscriptions s ON s.id = m.subscription_id
WHERE m.period = 'onetime' OR m.status = 'active'
GROUP BY s.channel_id, m.user_id;
INSERT INTO channel_live_counts (channel_id, live, counted_at)
SELECT c.id, count(e.user_id) FILTER (WHERE e.ends_at > now()), now()
FROM channels c LEFT JOIN channel_member_ends e ON e.channel_id = c.id
GROUP BY c.id;
