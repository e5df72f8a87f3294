-- Revenue insights' figures (server/modules/revenue/insights.ts) as a function whose statement PostgreSQL plans once
-- per connection, without its values (a generic plan). Called as a prepared statement, it was planned with its values
-- on every call: the plan with the values looked cheaper to the planner, which cannot know how short the span of
-- passed expiries is, but planning took three times as long as running it. The generic plan keeps each read an index
-- range: the kept rows by channel and subscription, the passed expiries by (subscription_id, expires_at) within the
-- span (p_span_from, p_span_to] and each channel's (counted_at, now].
-- MRR per currency ('mrr', currency, yearly minor units, members) and joins and ends per UTC month from p_since
-- ('month', 'YYYY-MM', joined, lost), over the channels given.
CREATE OR REPLACE FUNCTION revenue_insights_figures(p_channel_ids bigint[], p_now timestamptz,
  p_span_from timestamptz, p_span_to timestamptz, p_since date)
RETURNS TABLE (kind text, key text, a bigint, b bigint)
LANGUAGE plpgsql STABLE
SET plan_cache_mode = force_generic_plan
AS $$
#variable_conflict use_column
BEGIN
  RETURN QUERY
  SELECT f.kind, f.key, f.a, f.b FROM (
    SELECT 'mrr'::text AS kind, e.currency AS key, sum(e.yearly)::int8 AS a, sum(e.members)::int8 AS b FROM (
      SELECT r.currency, r.yearly_minor AS yearly, r.members
        FROM subscriptions s JOIN subscription_mrr r ON r.subscription_id = s.id
        WHERE s.channel_id = ANY(p_channel_ids) AND NOT s.deleted
      UNION ALL
      -- An end in (counted_at, now] was kept as running: take it out (+1 sign); one in (now, counted_at] (a clock
      -- behind) was kept as ended: put it back.
      SELECT CASE WHEN m.payment_method = 'telegram_stars' AND m.stars_price IS NOT NULL THEN 'xtr' ELSE m.currency END,
        -(CASE WHEN m.expires_at > k.counted_at THEN 1 ELSE -1 END)
          * (CASE WHEN m.payment_method = 'telegram_stars' AND m.stars_price IS NOT NULL THEN m.stars_price
            ELSE m.price_minor END) * insights_periods_a_year(m.period),
        -(CASE WHEN m.expires_at > k.counted_at THEN 1 ELSE -1 END)
      FROM channel_insights k
        JOIN subscriptions s ON s.channel_id = k.channel_id AND NOT s.deleted
        JOIN subscription_members m ON m.subscription_id = s.id
          AND m.expires_at > p_span_from AND m.expires_at <= p_span_to
          AND m.expires_at > least(k.counted_at, p_now) AND m.expires_at <= greatest(k.counted_at, p_now)
      WHERE k.channel_id = ANY(p_channel_ids) AND m.trial_ends_at IS NULL
        AND m.status = 'active' AND insights_periods_a_year(m.period) > 0
    ) e GROUP BY e.currency
    UNION ALL
    SELECT 'month', to_char(e.month, 'YYYY-MM'), sum(e.joined)::int8, sum(e.lost)::int8 FROM (
      SELECT c.month, c.joined, c.lost FROM channel_month_members c
        WHERE c.channel_id = ANY(p_channel_ids) AND c.month >= p_since
      UNION ALL
      SELECT insights_month(m.expires_at), 0, CASE WHEN m.expires_at > k.counted_at THEN 1 ELSE -1 END
      FROM channel_insights k
        JOIN subscriptions s ON s.channel_id = k.channel_id
        JOIN subscription_members m ON m.subscription_id = s.id
          AND m.expires_at > p_span_from AND m.expires_at <= p_span_to
          AND m.expires_at > least(k.counted_at, p_now) AND m.expires_at <= greatest(k.counted_at, p_now)
      WHERE k.channel_id = ANY(p_channel_ids) AND m.trial_ends_at IS NULL
    ) e WHERE e.month >= p_since GROUP BY e.month
  ) f;
END
$$;
