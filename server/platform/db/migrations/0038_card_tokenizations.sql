-- A card's number_hash (Smart Glocal: the "card number hash") names the card, so the same card may pay again, for the
-- same follower or another: payments no longer keep it as a unique key. What pays once is the tokenisation we issued
-- (POST /pay/smart_glocal/token): its public token, for the user who asked for it. card_tokenizations records who
-- asked (the token's SHA-256, never the token); a payment keeps the same hash, unique, so one tokenisation pays once.
DROP INDEX IF EXISTS payments_card_token_hash;
ALTER TABLE payments DROP COLUMN IF EXISTS card_token_hash;
ALTER TABLE payments ADD COLUMN IF NOT EXISTS tokenization_hash text;
CREATE UNIQUE INDEX IF NOT EXISTS payments_tokenization_hash ON payments (tokenization_hash)
  WHERE tokenization_hash IS NOT NULL;
CREATE TABLE IF NOT EXISTS card_tokenizations (
  public_token_hash text PRIMARY KEY,
  user_id bigint NOT NULL,
  created_at timestamptz NOT NULL
);
