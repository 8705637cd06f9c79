/** The shortest and longest wait a server's Retry-After may set before the outbox tries again. */
export const RETRY_AFTER_MIN_MS = 1_000;
export const RETRY_AFTER_MAX_MS = 300_000;

/** A Retry-After value in milliseconds from `now`: whole seconds or an HTTP date; null when it is neither. */
export function parseRetryAfter(value: string | null | undefined, now = Date.now()): number | null {
  const text = value?.trim();
  if (!text) return null;
  if (/^\d+$/.test(text)) return Number(text) * 1000;
  // An HTTP date names its weekday and zone ("Wed, 21 Oct 2026 07:28:00 GMT"): a bare number or word is not one.
  if (!/[a-z]{3},? .*\d{2}:\d{2}:\d{2}/i.test(text)) return null;
  const at = Date.parse(text);
  return Number.isNaN(at) ? null : Math.max(0, at - now);
}

/**
 * How long the server asked a failed call to wait (Retry-After on a 503 or 429), clamped to
 * 1 s..5 min; null when it did not ask. A tRPC client error carries the fetch Response as meta.response.
 */
export function retryAfterOf(err: unknown, now = Date.now()): number | null {
  const response = (err as { meta?: { response?: { status?: unknown; headers?: { get?: unknown } } } } | null)?.meta?.response;
  if (!response || (response.status !== 503 && response.status !== 429) || typeof response.headers?.get !== 'function') return null;
  const wait = parseRetryAfter((response.headers as Headers).get('retry-after'), now);
  return wait === null ? null : Math.min(RETRY_AFTER_MAX_MS, Math.max(RETRY_AFTER_MIN_MS, wait));
}
