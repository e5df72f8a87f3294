-- Gifts per subscription and state, kept by a trigger in the writer's transaction, so the creator's gift counts read
-- one row per state instead of counting the subscription's gifts.
CREATE TABLE IF NOT EXISTS subscription_gift_counts (
  subscription_id bigint NOT NULL REFERENCES subscriptions (id),
  status text NOT NULL,
  gifts integer NOT NULL DEFAULT 0,
  PRIMARY KEY (subscription_id, status)
);

CREATE OR REPLACE FUNCTION subscription_gift_counts_of_gift() RETURNS trigger AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND OLD.status = NEW.status AND OLD.subscription_id = NEW.subscription_id THEN
    RETURN NULL;
  END IF;
  IF TG_OP <> 'INSERT' THEN
    INSERT INTO subscription_gift_counts AS c (subscription_id, status, gifts) VALUES (OLD.subscription_id, OLD.status, -1)
    ON CONFLICT (subscription_id, status) DO UPDATE SET gifts = c.gifts - 1;
  END IF;
  IF TG_OP <> 'DELETE' THEN
    INSERT INTO subscription_gift_counts AS c (subscription_id, status, gifts) VALUES (NEW.subscription_id, NEW.status, 1)
    ON CONFLICT (subscription_id, status) DO UPDATE SET gifts = c.gifts + 1;
  END IF;
  RETURN NULL;
END $$ LANGUAGE plpgsql;

DROP TRIGGER IF EXISTS subscription_gift_counts ON gifts;
CREATE TRIGGER subscription_gift_counts AFTER INSERT OR DELETE OR UPDATE OF status, subscription_id ON gifts
  FOR EACH ROW EXECUTE FUNCTION subscription_gift_counts_of_gift();

INSERT INTO subscription_gift_counts (subscription_id, status, gifts)
SELECT subscription_id, status, count(*) FROM gifts GROUP BY subscription_id, status
ON CONFLICT (subscription_id, status) DO NOTHING;
