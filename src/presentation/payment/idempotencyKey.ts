/**
 * A fresh Idempotency-Key, made once per tap of Pay (never in an interceptor, which would run again on a retry).
 * crypto.randomUUID needs a secure context; getRandomValues works everywhere the app runs.
 */
export function newIdempotencyKey(): string {
  const crypto = globalThis.crypto;
  if (typeof crypto?.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}
