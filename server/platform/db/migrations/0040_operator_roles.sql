-- Operator roles: who besides ADMIN_TELEGRAM_IDS (always admins) may use the operator console, and as what. viewer
-- sees everything and changes nothing; support refunds, bans and checks payments; admin does everything.
CREATE TABLE IF NOT EXISTS admin_operators (
  telegram_id bigint PRIMARY KEY,
  role text NOT NULL CHECK (role IN ('viewer', 'support', 'admin')),
  added_by bigint NOT NULL,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL
);
