import type { Selectable, Updateable } from 'kysely';
import type { CallsTable } from '../../db/schema.js';
import { CALL_STATUS_RANK, isCallEnded, type CallStatus } from '../../../shared/telephony.js';
import type { CallEvent } from './provider.js';

type CallRow = Pick<Selectable<CallsTable>, 'direction' | 'status' | 'answered_at' | 'ended_at' | 'talk_seconds' | 'recording_ref' | 'cost' | 'cost_currency'>;

/** Ends of a call that nobody answered: an inbound one is a missed call whichever a provider calls it. */
const UNREACHED: ReadonlySet<CallStatus> = new Set(['busy', 'no_answer', 'failed', 'canceled']);

/**
 * What a provider's report changes on a call: the status only moves forward (the first end it is
 * told of stays), and every other fact is only filled in. So callbacks may arrive in any order and
 * any number of times: applying one again changes nothing (docs/telephony.md#calls-are-facts).
 * Null when it changes nothing.
 */
export function mergeCallEvent(row: CallRow, event: CallEvent, now: string): Updateable<CallsTable> | null {
  const change: Updateable<CallsTable> = {};
  const reported = row.direction === 'inbound' && event.status && UNREACHED.has(event.status) ? 'missed' : event.status;
  const status = reported && CALL_STATUS_RANK[reported] > CALL_STATUS_RANK[row.status] ? reported : row.status;
  if (status !== row.status) change.status = status;
  const answeredAt = row.answered_at ?? event.answeredAt ?? (status === 'in_progress' ? now : null);
  if (answeredAt !== row.answered_at) change.answered_at = answeredAt;
  const endedAt = row.ended_at ?? event.endedAt ?? (isCallEnded(status) ? now : null);
  if (endedAt !== row.ended_at) change.ended_at = endedAt;
  let talk = row.talk_seconds ?? (event.talkSeconds !== undefined ? Math.max(0, Math.round(event.talkSeconds)) : null);
  // A conversation that ended without a duration reported: the time from its answer to its end.
  if (talk === null && status === 'completed' && answeredAt && endedAt) talk = Math.max(0, Math.round((Date.parse(endedAt) - Date.parse(answeredAt)) / 1000));
  if (talk !== row.talk_seconds) change.talk_seconds = talk;
  if (!row.recording_ref && event.recordingRef) change.recording_ref = event.recordingRef;
  if (!row.cost && event.cost) {
    change.cost = event.cost;
    change.cost_currency = event.costCurrency ?? null;
  }
  return Object.keys(change).length ? change : null;
}
