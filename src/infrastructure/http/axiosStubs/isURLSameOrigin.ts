/**
 * Stands in for axios's same-origin check in the app build (vite.config.ts aliases it here): axios asks it only to
 * decide whether to read the XSRF-TOKEN cookie, which our API never sets (see cookies.ts, whose read answers null).
 * Answering "not same origin" skips that read; the request is the same either way.
 */
export default function isURLSameOrigin(): boolean {
  return false;
}
