import type { QueueKey } from './queues.repository.js';

/** How far back a phone's own time of a submission is believed (an outbox sent the next morning). */
const MADE_AT_TRUSTED_MS = 24 * 3600_000;
/** A phone's clock a little ahead of the server's is still believed. */
const CLOCK_SKEW_MS = 60_000;

/**
 * When the telecaller made a submission: the phone's time of it when it is within the last day
 * (it waited in the outbox), else the server's now.
 */
export function madeAt(phoneTime: string | undefined, now = new Date()): Date {
  if (!phoneTime) return now;
  const t = Date.parse(phoneTime);
  if (Number.isNaN(t) || t > now.getTime() + CLOCK_SKEW_MS || t < now.getTime() - MADE_AT_TRUSTED_MS) return now;
  return new Date(Math.min(t, now.getTime()));
}

/** What a stored submission answered, and where its lead stood in its queue (for the next lead). */
export interface StoredSubmission<R> {
  result: R;
  key: QueueKey;
}
