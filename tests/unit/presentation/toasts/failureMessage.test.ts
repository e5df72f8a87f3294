import { failureMessage } from '../../../../src/presentation/toasts/failureMessage';

describe('failureMessage: the one fail toast of a failed call', () => {
  it("shows the server's own words", () => {
    expect(failureMessage({ code: 'conflict', message: '  The channel is busy  ' })).toEqual({
      text: 'The channel is busy',
    });
  });

  it('falls back when the failure says nothing of its own', () => {
    expect(failureMessage({ code: 'conflict' })).toBe('common.toast.failed');
    expect(failureMessage({ code: 'conflict', message: null })).toBe('common.toast.failed');
    expect(failureMessage({ code: 'conflict', message: ' ' })).toBe('common.toast.failed');
    expect(failureMessage({ code: 'not_found', message: 'not_found' })).toBe('common.toast.failed');
    expect(failureMessage({ code: 'error_unknown', message: 'Request failed with status code 502' })).toBe(
      'common.toast.failed',
    );
  });

  it("shows the connection-trouble text when rate limited, not the server's words", () => {
    expect(failureMessage({ code: 'rate_limited', message: 'Too many payments; try again in 30 s' })).toEqual({
      key: 'common.connectionTrouble.text',
    });
  });

  it("uses the caller's fallback", () => {
    expect(failureMessage({ code: 'error_unknown', message: 'boom' }, 'payment.unknownError')).toBe(
      'payment.unknownError',
    );
    expect(failureMessage({ code: 'x' }, { key: 'cards.primaryFailed' })).toEqual({ key: 'cards.primaryFailed' });
  });
});
