import * as timings from '../../../src/domain/timings';
import * as screenTimings from '../../../src/presentation/timings';

// The behaviour tests use these by name (fake timers advance by the constant), so this is where spec section 9's
// values are pinned.
describe('timings of section 9', () => {
  it.each([
    ['VERIFICATION_POLL_MS', 5000],
    ['VERIFICATION_RETRY_MS', 2000],
    ['PAYMENT_CHECK_POLL_MS', 1000],
  ] as const)('%s = %i', (name, value) => {
    expect(timings[name]).toBe(value);
  });

  it.each([
    ['CHANNEL_LOAD_RETRY_MS', 3000],
    ['AFTER_SAVED_CARD_PAYMENT_MS', 2000],
    ['LINK_PAYMENT_DELAY_MS', 500],
    ['SPINNER_DELAY_MS', 600],
    ['SCROLL_THROTTLE_MS', 150],
    ['SCROLL_LOAD_VIEWPORTS', 2],
    ['RESIZE_DEBOUNCE_MS', 100],
    ['TEN_TAP_WINDOW_MS', 300],
    ['TEN_TAP_COUNT', 10],
  ] as const)('%s = %i (screens)', (name, value) => {
    expect(screenTimings[name]).toBe(value);
  });
});
