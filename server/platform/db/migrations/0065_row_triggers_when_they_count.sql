-- Row triggers that fire only for the rows they change something for. A saved-card donation writes its payment row
-- twice and two ledger lines, and four of those writes called a PL/pgSQL trigger that found nothing to do: the
-- promo counts of a payment without a promo code (at its insert and at its settlement), and the balance totals and
-- revenue slots of the payer's line (only earnings and withdrawals count there). A WHEN condition is checked without
-- calling the function, and a deferred trigger whose condition fails is not even queued for the commit.
--
-- Same functions, same effects: each condition is the one the function itself tests before doing anything. Inserts
-- keep each trigger's name, so triggers still fire in the same order; updates and deletes (rare: refunds, payouts'
-- withdrawal lines, console edits) keep calling the function on every row, as before.

-- 0058: the counts change only for an invoice payment with a promo code, before or after.
DROP TRIGGER IF EXISTS promo_code_counts ON payments;
CREATE TRIGGER promo_code_counts AFTER INSERT ON payments FOR EACH ROW
  WHEN (NEW.promo_code_id IS NOT NULL AND NEW.purpose = 'invoice')
  EXECUTE FUNCTION promo_code_counts_of_payment();
DROP TRIGGER IF EXISTS promo_code_counts_change ON payments;
CREATE TRIGGER promo_code_counts_change AFTER UPDATE OF status, refund_status, purpose, promo_code_id ON payments
  FOR EACH ROW
  WHEN ((OLD.promo_code_id IS NOT NULL AND OLD.purpose = 'invoice') OR (NEW.promo_code_id IS NOT NULL AND NEW.purpose = 'invoice'))
  EXECUTE FUNCTION promo_code_counts_of_payment();
DROP TRIGGER IF EXISTS promo_code_counts_delete ON payments;
CREATE TRIGGER promo_code_counts_delete AFTER DELETE ON payments FOR EACH ROW
  WHEN (OLD.promo_code_id IS NOT NULL AND OLD.purpose = 'invoice')
  EXECUTE FUNCTION promo_code_counts_of_payment();

-- 0015 (0003, 0009, 0022): ledger_balance_totals_add counts these line types only.
DROP TRIGGER IF EXISTS transactions_balance_totals ON transactions;
CREATE CONSTRAINT TRIGGER transactions_balance_totals AFTER INSERT ON transactions
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
  WHEN (NEW.type IN ('sell_subscription', 'get_donation', 'refund_issued', 'withdrawal'))
  EXECUTE FUNCTION ledger_balance_totals_on_row();
DROP TRIGGER IF EXISTS transactions_balance_totals_change ON transactions;
CREATE CONSTRAINT TRIGGER transactions_balance_totals_change AFTER UPDATE OR DELETE ON transactions
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION ledger_balance_totals_on_row();

-- 0060: revenue_slots_on_row counts the earnings line types only.
DROP TRIGGER IF EXISTS transactions_revenue_slots ON transactions;
CREATE CONSTRAINT TRIGGER transactions_revenue_slots AFTER INSERT ON transactions
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
  WHEN (NEW.type IN ('sell_subscription', 'get_donation', 'refund_issued'))
  EXECUTE FUNCTION revenue_slots_on_row();
DROP TRIGGER IF EXISTS transactions_revenue_slots_change ON transactions;
CREATE CONSTRAINT TRIGGER transactions_revenue_slots_change AFTER UPDATE OR DELETE ON transactions
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION revenue_slots_on_row();
