/**
 * Stands in for axios's cookie helper in the app build (vite.config.ts aliases it here): axios reads cookies only for
 * its XSRF token (the `XSRF-TOKEN` cookie, sent back as `X-XSRF-TOKEN`), which our API never sets: it authenticates
 * every call with the Authorization header (spec section 7). So every read answers null, as the real helper does.
 */
const cookies = {
  read: (): null => null,
  readAsync: async (): Promise<null> => null,
  write: (): void => undefined,
  remove: (): void => undefined,
};

export default cookies;
