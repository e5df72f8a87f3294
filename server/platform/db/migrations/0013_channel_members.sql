-- Who is in a channel, as Telegram's chat_member updates told the bot (issue 13): per channel and Telegram user, the
-- latest state: member (joined), left (on their own; their subscription stays), kicked (banned by someone else than the
-- bot) or removed (by the bot, after their access ended or because they came in by somebody else's link). Keyed by
-- the Telegram id: a person who joined without ever opening the app is no user here.
CREATE TABLE IF NOT EXISTS channel_members (
  channel_id bigint NOT NULL REFERENCES channels (id),
  telegram_id bigint NOT NULL,
  first_name text NOT NULL,
  status text NOT NULL CHECK (status IN ('member', 'left', 'kicked', 'removed')),
  changed_at timestamptz NOT NULL,
  PRIMARY KEY (channel_id, telegram_id)
);
