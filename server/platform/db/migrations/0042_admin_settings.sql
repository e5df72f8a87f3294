-- Settings an admin changes in the operator console (each change audited), overriding the environment's default:
-- channel_moderation ('pre' or 'off', CHANNEL_MODERATION). A setting without a row follows the environment.
CREATE TABLE IF NOT EXISTS admin_settings (
  name text PRIMARY KEY,
  value text NOT NULL,
  updated_by bigint NOT NULL,
  updated_at timestamptz NOT NULL
);
