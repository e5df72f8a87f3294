-- Donation goals count Stars donations too (0047 counted the payer's lines, which a Stars donation writes in xtr). A
-- Stars donation counts at what its creator's line credits before the service fee (`price`: Stars × rate, in the
-- creator's credit currency: docs/STARS.md), when that is the request's currency; its refund (refund_issued) takes
-- the same back. Card donations count as before: the payer's send_donation (+) and refund_received (−). Recounted
-- below from the ledger.

CREATE OR REPLACE FUNCTION donation_progress_on_row() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  v_stars boolean := NEW.payment_method IS NOT DISTINCT FROM 'telegram_stars';
  v_sign int := CASE
    WHEN v_stars THEN CASE NEW.type WHEN 'get_donation' THEN 1 WHEN 'refund_issued' THEN -1 ELSE 0 END
    ELSE CASE NEW.type WHEN 'send_donation' THEN 1 WHEN 'refund_received' THEN -1 ELSE 0 END
  END;
  v_amount bigint := CASE WHEN v_stars THEN NEW.price ELSE NEW.amount END;
BEGIN
  IF v_sign = 0 OR NEW.donation_id IS NULL THEN
    RETURN NULL;
  END IF;
  INSERT INTO donation_progress (donation_id, raised, donations, version)
    SELECT d.id, v_sign * v_amount, v_sign, 1 FROM donations d WHERE d.id = NEW.donation_id AND d.currency = NEW.currency
  ON CONFLICT (donation_id) DO UPDATE SET
    raised = donation_progress.raised + EXCLUDED.raised,
    donations = donation_progress.donations + EXCLUDED.donations,
    version = donation_progress.version + 1;
  RETURN NULL;
END
$$;

DROP TRIGGER IF EXISTS transactions_donation_progress ON transactions;
CREATE CONSTRAINT TRIGGER transactions_donation_progress AFTER INSERT ON transactions
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
  WHEN (NEW.donation_id IS NOT NULL
    AND NEW.type IN ('send_donation', 'refund_received', 'get_donation', 'refund_issued'))
  EXECUTE FUNCTION donation_progress_on_row();

INSERT INTO donation_progress (donation_id, raised, donations, version)
SELECT d.id,
  coalesce(sum(CASE WHEN t.type IN ('send_donation', 'get_donation') THEN 1 ELSE -1 END
    * CASE WHEN t.payment_method IS NOT DISTINCT FROM 'telegram_stars' THEN t.price ELSE t.amount END), 0),
  coalesce(sum(CASE WHEN t.type IN ('send_donation', 'get_donation') THEN 1 ELSE -1 END), 0),
  1
FROM donations d
JOIN transactions t ON t.donation_id = d.id AND t.currency = d.currency
  AND ((t.payment_method IS NOT DISTINCT FROM 'telegram_stars' AND t.type IN ('get_donation', 'refund_issued'))
    OR (t.payment_method IS DISTINCT FROM 'telegram_stars' AND t.type IN ('send_donation', 'refund_received')))
GROUP BY d.id
ON CONFLICT (donation_id) DO UPDATE SET
  raised = EXCLUDED.raised,
  donations = EXCLUDED.donations,
  version = donation_progress.version + 1
WHERE (donation_progress.raised, donation_progress.donations) IS DISTINCT FROM (EXCLUDED.raised, EXCLUDED.donations);
