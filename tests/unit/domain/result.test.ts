import { err, ok } from '../../../src/domain/result';

describe('result', () => {
  it('wraps values and errors in the result union', () => {
    expect(ok(5)).toEqual({ ok: true, value: 5 });
    expect(err('x')).toEqual({ ok: false, error: 'x' });
  });
});
