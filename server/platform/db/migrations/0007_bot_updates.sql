-- Telegram updates already applied (issue 13): each update_id is applied once, whether it came by webhook (Telegram
-- redelivers when an answer is late) or by long polling. Rows older than a day are purged by the bot-updates job.
CREATE TABLE IF NOT EXISTS bot_updates (
  update_id bigint PRIMARY KEY,
  received_at timestamptz NOT NULL
);
CREATE INDEX IF NOT EXISTS bot_updates_received ON bot_updates (received_at);
