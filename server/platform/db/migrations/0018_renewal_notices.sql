-- Fewer lost renewals (issue 18): the bot's messages to a follower about one renewal of one membership, written before
-- the message is sent so each is sent at most once, across restarts and processes: a reminder 3 days before the
-- renewal, and a "pay with another card" message after a failed renewal attempt. expires_at names the renewal (the
-- expiry it would move on), so the next period gets its own reminder.
CREATE TABLE IF NOT EXISTS renewal_notices (
  member_id bigint NOT NULL REFERENCES subscription_members (id),
  expires_at timestamptz NOT NULL,
  kind text NOT NULL CHECK (kind IN ('reminder', 'failed')),
  sent_at timestamptz NOT NULL,
  PRIMARY KEY (member_id, expires_at, kind)
);
