-- The bot's renewal notices (server/modules/payments/renewalNotices.ts) are claimed along indexes that hold only the
-- memberships still owed a notice. Before, every jobs round walked every membership renewing within three days, and
-- every renewal_failed one, and found its renewal_notices row: at 100k members that is thousands of rows a round to
-- send nothing. Each membership now carries the expiry its last notice of each kind named; a notice is owed while
-- that differs from expires_at, so a renewal (a new expires_at) owes its own notices again, as before.
-- renewal_notices stays the record that a notice was sent (at most once across processes).
ALTER TABLE subscription_members ADD COLUMN IF NOT EXISTS reminder_sent_for timestamptz;
ALTER TABLE subscription_members ADD COLUMN IF NOT EXISTS failed_notice_sent_for timestamptz;

UPDATE subscription_members m SET reminder_sent_for = m.expires_at
  WHERE EXISTS (SELECT 1 FROM renewal_notices n
    WHERE n.member_id = m.id AND n.expires_at = m.expires_at AND n.kind = 'reminder');
UPDATE subscription_members m SET failed_notice_sent_for = m.expires_at
  WHERE EXISTS (SELECT 1 FROM renewal_notices n
    WHERE n.member_id = m.id AND n.expires_at = m.expires_at AND n.kind = 'failed');

-- The conditions are the claim's own (renewal notices go to renewing card memberships, not trials or Stars), so a
-- membership no notice is for never sits in either index.
CREATE INDEX IF NOT EXISTS subscription_members_reminder_owed ON subscription_members (expires_at, id)
  WHERE status = 'active' AND expires_at IS NOT NULL AND period <> 'onetime' AND trial_ends_at IS NULL
    AND payment_method IS DISTINCT FROM 'telegram_stars' AND NOT renewal_failed
    AND reminder_sent_for IS DISTINCT FROM expires_at;
CREATE INDEX IF NOT EXISTS subscription_members_failed_notice_owed ON subscription_members (expires_at, id)
  WHERE status = 'active' AND expires_at IS NOT NULL AND period <> 'onetime' AND trial_ends_at IS NULL
    AND payment_method IS DISTINCT FROM 'telegram_stars' AND renewal_failed
    AND failed_notice_sent_for IS DISTINCT FROM expires_at;
