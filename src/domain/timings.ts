/** The polls of spec section 9 that use cases run (milliseconds). The screens' own timings are in presentation/timings.ts. */
export const VERIFICATION_POLL_MS = 5000;
export const VERIFICATION_RETRY_MS = 2000;
export const PAYMENT_CHECK_POLL_MS = 1000;
