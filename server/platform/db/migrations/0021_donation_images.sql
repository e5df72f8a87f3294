-- Donation request images (issue 18): the creator uploads a JPEG, PNG or WebP for a channel; the bytes stay here and
-- the bot uploads them to Telegram (sendPhoto, multipart/form-data) when it posts the request, so no public URL is
-- needed. token is the id the app holds ("upload:<token>" as the request's image_id).
CREATE TABLE IF NOT EXISTS donation_images (
  token text PRIMARY KEY,
  channel_id bigint NOT NULL REFERENCES channels (id),
  mime text NOT NULL CHECK (mime IN ('image/jpeg', 'image/png', 'image/webp')),
  width integer NOT NULL,
  height integer NOT NULL,
  bytes bytea NOT NULL,
  created_at timestamptz NOT NULL
);
