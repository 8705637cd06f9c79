/** IndiaMART answers one call per key every 5 minutes; our pulls keep to that. */
export const INDIAMART_PULL_INTERVAL_MS = 5 * 60_000;

/**
 * A pull's result code: IndiaMART's own CODE ('200', '204', '401', '429', '400', '500', or an HTTP
 * status it answered with), or ours when there was no usable answer.
 */
export const PULL_CODES_OURS = { NETWORK: 'NETWORK', TIMEOUT: 'TIMEOUT', BAD_RESPONSE: 'BAD_RESPONSE', BAD_LINK: 'BAD_LINK', ERROR: 'ERROR' } as const;

/** 200 (leads received) and 204 (no leads in the window) are successful pulls. */
export const isPullSuccess = (code: string | null | undefined) => code === '200' || code === '204';

export interface IndiamartPullResult {
  code: string;
  message: string;
  inserted: number;
  /** the same enquiry (query id) again: earlier in the answer, or already taken */
  duplicates: number;
  /** enquiries of a mobile the company already had, or of one earlier in the answer, taken by their leads (docs/routing.md#a-retry-or-a-repeat) */
  repeats: number;
  invalid: number;
}

export interface IndiamartRecentPull {
  /** the upload_batches row of the pull */
  id: number;
  /** when the pull ran (ISO) */
  at: string;
  code: string | null;
  message: string | null;
  inserted: number;
  duplicates: number;
  invalid: number;
  /** 'schedule' for the server's own pulls, 'manual' for "Pull now" */
  trigger: 'schedule' | 'manual' | null;
}

export interface IndiamartStatus {
  /** the company has saved its IndiaMART settings once */
  configured: boolean;
  api_link_set: boolean;
  last_pull_at: string | null;
  last_pull_code: string | null;
  last_pull_message: string | null;
  /** leads up to this instant (ISO) have been received; the next pull starts a little before it */
  last_window_end: string | null;
  /** null when no pull has happened yet (a pull is allowed now) */
  next_pull_allowed_at: string | null;
  /** the server's clock, so the page can count down without trusting the browser's */
  server_time: string;
  /** the last 5 pulls, newest first */
  recent: IndiamartRecentPull[];
}
