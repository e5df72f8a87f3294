-- Gifts after redemption (server/modules/gifts/README.md).
-- gifts.gave_from / gave_until: the span the redemption added to the membership, stored exactly (month arithmetic is
-- not reversible): a refund of the gift's payment takes back the part not used yet. Null on gifts redeemed before.
ALTER TABLE gifts ADD COLUMN IF NOT EXISTS gave_from timestamptz;
ALTER TABLE gifts ADD COLUMN IF NOT EXISTS gave_until timestamptz;
-- The bot's notices, claimed before sending (at most once): the giver told their gift was accepted; the recipient
-- told a refund took the gift's time back.
ALTER TABLE gifts ADD COLUMN IF NOT EXISTS accept_notified_at timestamptz;
ALTER TABLE gifts ADD COLUMN IF NOT EXISTS recipient_notified_at timestamptz;
UPDATE gifts SET accept_notified_at = redeemed_at WHERE redeemed_at IS NOT NULL AND accept_notified_at IS NULL;
-- A redeemed gift whose payment is refunded becomes refunded and keeps its recipient.
ALTER TABLE gifts DROP CONSTRAINT IF EXISTS gifts_check;
ALTER TABLE gifts DROP CONSTRAINT IF EXISTS gifts_recipient_check;
ALTER TABLE gifts ADD CONSTRAINT gifts_recipient_check
  CHECK (CASE WHEN recipient_id IS NULL THEN status <> 'redeemed' ELSE status IN ('redeemed', 'refunded') END);

-- subscription_members.gift_ends_at: the membership runs on gifts alone until then (= expires_at; created or restarted
-- by a gift, not renewing): the follower's page says so. A payment of the member's own clears it.
ALTER TABLE subscription_members ADD COLUMN IF NOT EXISTS gift_ends_at timestamptz;
UPDATE subscription_members m SET gift_ends_at = m.expires_at FROM gifts g
  WHERE g.member_id = m.id AND g.status = 'redeemed' AND m.status = 'cancelled' AND m.activated_at = g.redeemed_at
    AND m.gift_ends_at IS NULL;
