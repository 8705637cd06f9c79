import type { Deps } from '../../deps.js';
import { AppError } from '../../errors.js';
import type { OutboxKind } from '../../metrics/metrics.js';

/** Answers the phone's outbox treats as "try again later", not as the server's word on the submission (web/src/lib/outbox.ts). */
const NOT_YET = new Set<AppError['code']>(['UNAUTHORIZED', 'TOO_MANY_REQUESTS']);

/**
 * Runs a submission and counts it in telecall_outbox_submissions_total when it carries a phone's key:
 * only the app's outbox sends one (the legacy API's forms carry none, and are not counted). Accepted:
 * applied now, or a resend of a key already applied (the phone drops it from its outbox either way).
 * Refused: the service said no (the phone keeps it as refused). A failure inside the server is neither.
 */
export async function countedSubmission<R>(deps: Deps, kind: OutboxKind, clientKey: string | undefined, submit: () => Promise<R>): Promise<R> {
  const counter = clientKey ? deps.metrics?.outboxSubmissions : undefined;
  if (!counter) return submit();
  try {
    const result = await submit();
    counter.inc({ kind, outcome: 'accepted' });
    return result;
  } catch (err) {
    if (err instanceof AppError && !NOT_YET.has(err.code)) counter.inc({ kind, outcome: 'refused' });
    throw err;
  }
}
