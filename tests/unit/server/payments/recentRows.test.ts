import { RECENT_ROWS, RECENT_ROW_MS, RecentRows } from '../../../../server/modules/payments/recentRows';
import type { PaymentRow } from '../../../../server/modules/payments/settlement';

const row = (id: string, status: PaymentRow['status'] = 'paid') => ({ id, status }) as PaymentRow;

describe('RecentRows', () => {
  let now = 0;
  const recent = () => new RecentRows(() => now);
  beforeEach(() => void (now = 1_000));

  it('answers the last row remembered for a payment, until it is forgotten', () => {
    const rows = recent();
    expect(rows.get('pay_1')).toBeUndefined();
    rows.remember(row('pay_1', 'pending'));
    rows.remember(row('pay_1', 'paid'));
    expect(rows.get('pay_1')?.status).toBe('paid');
    rows.forget('pay_1');
    expect(rows.get('pay_1')).toBeUndefined();
  });

  it(`stops answering a row ${RECENT_ROW_MS} ms after it was remembered (another process may have moved it on)`, () => {
    const rows = recent();
    rows.remember(row('pay_1'));
    now += RECENT_ROW_MS;
    expect(rows.get('pay_1')).toBeDefined();
    now += 1;
    expect(rows.get('pay_1')).toBeUndefined();
  });

  it(`keeps at most ${RECENT_ROWS} rows, dropping the least recently remembered`, () => {
    const rows = recent();
    for (let index = 0; index <= RECENT_ROWS; index += 1) rows.remember(row(`pay_${index}`));
    expect(rows.get('pay_0')).toBeUndefined();
    expect(rows.get('pay_1')).toBeDefined();
    rows.remember(row('pay_1'));
    rows.remember(row('pay_new'));
    expect(rows.get('pay_1')).toBeDefined();
    expect(rows.get('pay_2')).toBeUndefined();
  });
});
