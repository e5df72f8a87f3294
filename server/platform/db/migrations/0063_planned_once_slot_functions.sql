-- Functions on the path of every earnings line and membership change, rewritten so PostgreSQL stops parsing and
-- planning their bodies at each call. Same values, same effects.
--
-- revenue_slot and revenue_day (0060, 0061) are IMMUTABLE, but extract(epoch FROM timestamptz) is STABLE, so the
-- planner would not inline them: each call went through the SQL-function executor, which parses and plans the body
-- every time (two per earnings line, inside the commit of each payment). The epoch of `at AT TIME ZONE 'UTC'` (a
-- timestamp) is the same number, and every function in the body is now IMMUTABLE, so the body is inlined into the
-- callers' plans (PL/pgSQL keeps those per connection).
CREATE OR REPLACE FUNCTION revenue_slot(at timestamptz) RETURNS timestamptz
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT to_timestamp(floor(extract(epoch FROM at AT TIME ZONE 'UTC') / 900) * 900)
$$;

CREATE OR REPLACE FUNCTION revenue_day(at timestamptz) RETURNS timestamptz
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT to_timestamp(floor(extract(epoch FROM at AT TIME ZONE 'UTC') / 86400) * 86400)
$$;

-- insights_add_month and insights_add_mrr (0056) write, so as LANGUAGE sql they were parsed and planned at every
-- call (as 0022 found for the ledger's): PL/pgSQL plans each statement once per connection.
CREATE OR REPLACE FUNCTION insights_add_month(p_channel bigint, p_month date, p_joined bigint, p_lost bigint)
RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO channel_month_members (channel_id, month, joined, lost) VALUES (p_channel, p_month, p_joined, p_lost)
    ON CONFLICT (channel_id, month) DO UPDATE
    SET joined = channel_month_members.joined + excluded.joined, lost = channel_month_members.lost + excluded.lost;
END
$$;

CREATE OR REPLACE FUNCTION insights_add_mrr(p_sub bigint, p_currency text, p_yearly bigint, p_members bigint)
RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO subscription_mrr (subscription_id, currency, yearly_minor, members)
    VALUES (p_sub, p_currency, p_yearly, p_members)
    ON CONFLICT (subscription_id, currency) DO UPDATE SET yearly_minor = subscription_mrr.yearly_minor
      + excluded.yearly_minor, members = subscription_mrr.members + excluded.members;
END
$$;
