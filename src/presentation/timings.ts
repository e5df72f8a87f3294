/** The delays and throttles of spec section 9 that only the screens use (milliseconds unless named otherwise). */
export const CHANNEL_LOAD_RETRY_MS = 3000;
/** After a saved-card payment succeeds: wait, then close (donation) or open the invite link (subscription). */
export const AFTER_SAVED_CARD_PAYMENT_MS = 2000;
/** A link payment waits this long before showing the link. */
export const LINK_PAYMENT_DELAY_MS = 500;
/** The spinner appears only when loading takes longer than this. */
export const SPINNER_DELAY_MS = 600;
export const SCROLL_THROTTLE_MS = 150;
/** Load the next page when the end is within this many viewport heights. */
export const SCROLL_LOAD_VIEWPORTS = 2;
export const RESIZE_DEBOUNCE_MS = 100;
/** Ten quick taps, each within 300 ms of the previous, open /dev. */
export const TEN_TAP_WINDOW_MS = 300;
export const TEN_TAP_COUNT = 10;
