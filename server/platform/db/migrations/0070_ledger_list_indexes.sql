-- Each ledger list is one range of an index, in the list's order, so that the one plan a prepared statement keeps
-- (server/platform/db/pipelinedPool.ts: generic plans) reads a page and stops, whatever the statistics say. Without
-- them, at a million lines in one creator's channels, the generic plan costed "one line" for any user or channel and
-- could choose an index of the user's lines of those types, then sort: every line of the creator, 0.8 s a page, on
-- the channel page after an ANALYZE (bench:scale saw the pipelines stall on it).
-- A channel's ledger list: the owner's earnings lines of the channel, newest first (channels/pageReads.ts), all of its
-- condition in the index (the types as its predicate), so no index of the owner's lines ranks with it.
CREATE INDEX IF NOT EXISTS transactions_channel_user ON transactions (channel_id, user_id, created_at, id)
  WHERE type IN ('sell_subscription', 'get_donation', 'refund_issued');
DROP INDEX IF EXISTS transactions_channel;
-- The dashboard's ledger lists, one per mode (src/domain/transactions.ts TRANSACTION_TYPES_BY_MODE: every type is in
-- exactly one), replacing transactions_user: each line is in one of them, as it was in that index.
CREATE INDEX IF NOT EXISTS transactions_creator_lines ON transactions (user_id, created_at, id)
  WHERE type IN ('sell_subscription', 'get_donation', 'refund_issued', 'withdrawal');
CREATE INDEX IF NOT EXISTS transactions_follower_lines ON transactions (user_id, created_at, id)
  WHERE type IN ('buy_subscription', 'send_donation', 'refund_received');
DROP INDEX IF EXISTS transactions_user;
