-- Donation goals (src/domain/donation-goal.ts): a donation request may have a goal (minor units in its currency) and an
-- end date. donation_progress keeps each request's totals: `raised` (what donors paid, less refunds) and `donations`
-- (paid donations less refunded ones), kept by a trigger on the ledger in the same database transaction as each
-- send_donation (+) and refund_received (−) line in the request's currency, deferred to COMMIT like the other hot
-- rows (0015), so nothing on a request path sums the ledger. `version` counts the changes; the donation-posts job
-- (server/modules/donations/goalPosts.ts) edits the channel post when `version` passed `posted_version`, at most
-- once per post per interval (`edit_after`), and records each announcement once (`goal_announced_at`,
-- `end_announced_at`). Backfilled below from the ledger already written.

ALTER TABLE donations ADD COLUMN IF NOT EXISTS goal_minor bigint;
ALTER TABLE donations ADD COLUMN IF NOT EXISTS ends_at timestamptz;

CREATE TABLE IF NOT EXISTS donation_progress (
  donation_id bigint PRIMARY KEY REFERENCES donations (id),
  raised bigint NOT NULL DEFAULT 0,
  donations bigint NOT NULL DEFAULT 0,
  version bigint NOT NULL DEFAULT 0,
  posted_version bigint NOT NULL DEFAULT 0,
  edit_after timestamptz,
  goal_announced_at timestamptz,
  end_announced_at timestamptz
);
-- The requests whose post waits for an edit, or whose end waits to be announced: what the job looks up.
CREATE INDEX IF NOT EXISTS donation_progress_unposted ON donation_progress (donation_id) WHERE version > posted_version;
CREATE INDEX IF NOT EXISTS donations_goal_ends ON donations (ends_at) WHERE ends_at IS NOT NULL AND NOT deleted;

CREATE OR REPLACE FUNCTION donation_progress_on_row() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  v_sign int := CASE NEW.type WHEN 'send_donation' THEN 1 WHEN 'refund_received' THEN -1 ELSE 0 END;
BEGIN
  IF v_sign = 0 OR NEW.donation_id IS NULL THEN
    RETURN NULL;
  END IF;
  INSERT INTO donation_progress (donation_id, raised, donations, version)
    SELECT d.id, v_sign * NEW.amount, v_sign, 1 FROM donations d WHERE d.id = NEW.donation_id AND d.currency = NEW.currency
  ON CONFLICT (donation_id) DO UPDATE SET
    raised = donation_progress.raised + EXCLUDED.raised,
    donations = donation_progress.donations + EXCLUDED.donations,
    version = donation_progress.version + 1;
  RETURN NULL;
END
$$;

DROP TRIGGER IF EXISTS transactions_donation_progress ON transactions;
CREATE CONSTRAINT TRIGGER transactions_donation_progress AFTER INSERT ON transactions
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
  WHEN (NEW.donation_id IS NOT NULL AND NEW.type IN ('send_donation', 'refund_received'))
  EXECUTE FUNCTION donation_progress_on_row();

INSERT INTO donation_progress (donation_id, raised, donations, version, posted_version)
SELECT d.id,
  coalesce(sum(CASE t.type WHEN 'send_donation' THEN t.amount ELSE -t.amount END), 0),
  coalesce(sum(CASE t.type WHEN 'send_donation' THEN 1 ELSE -1 END), 0),
  0, 0
FROM donations d
JOIN transactions t ON t.donation_id = d.id AND t.currency = d.currency AND t.type IN ('send_donation', 'refund_received')
GROUP BY d.id
ON CONFLICT (donation_id) DO NOTHING;
