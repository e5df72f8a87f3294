-- Paid access to private channels (issue 13).
-- subscription_members.invite_link: the member's personal one-person invite link made by the bot
-- (createChatInviteLink, member_limit 1) once a payment gave access; access_removed_at: when the bot removed the
-- member after access ended (banChatMember, then unbanChatMember). A new payment that restores access clears it and
-- gets a new link.
ALTER TABLE subscription_members ADD COLUMN IF NOT EXISTS invite_link text;
ALTER TABLE subscription_members ADD COLUMN IF NOT EXISTS access_removed_at timestamptz;
CREATE INDEX IF NOT EXISTS subscription_members_access_due ON subscription_members (expires_at)
  WHERE invite_link IS NOT NULL AND access_removed_at IS NULL AND expires_at IS NOT NULL;
