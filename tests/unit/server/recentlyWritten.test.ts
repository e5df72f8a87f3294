import { RECENT_ENTRIES, RECENT_MS, RecentlyWritten } from '../../../server/platform/recentlyWritten';

describe('RecentlyWritten', () => {
  let now = 0;
  const recent = () => new RecentlyWritten<{ status: string; version: string }>(() => now);
  beforeEach(() => void (now = 1_000));

  it('answers the last value remembered for an id, until it is forgotten', () => {
    const values = recent();
    expect(values.get('pay_1')).toBeUndefined();
    values.remember('pay_1', { status: 'pending', version: '7' });
    values.remember('pay_1', { status: 'paid', version: '8' });
    expect(values.get('pay_1')).toEqual({ status: 'paid', version: '8' });
    values.forget('pay_1');
    expect(values.get('pay_1')).toBeUndefined();
  });

  it(`stops answering a value ${RECENT_MS} ms after it was remembered (another process may have moved it on)`, () => {
    const values = recent();
    values.remember('pay_1', { status: 'paid', version: '1' });
    now += RECENT_MS;
    expect(values.get('pay_1')).toBeDefined();
    now += 1;
    expect(values.get('pay_1')).toBeUndefined();
  });

  it(`keeps at most ${RECENT_ENTRIES} values, dropping the least recently remembered`, () => {
    const values = recent();
    const value = { status: 'paid', version: '1' };
    for (let index = 0; index <= RECENT_ENTRIES; index += 1) values.remember(`pay_${index}`, value);
    expect(values.get('pay_0')).toBeUndefined();
    expect(values.get('pay_1')).toBeDefined();
    values.remember('pay_1', value);
    values.remember('pay_new', value);
    expect(values.get('pay_1')).toBeDefined();
    expect(values.get('pay_2')).toBeUndefined();
  });
});
