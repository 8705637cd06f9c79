import type { Deps } from '../../deps.js';
import type { UserActor } from '../../auth/actor.js';
import { timeIn, todayIn, zonedInstant } from '../../../shared/dates.js';
import { companyRules } from '../company/company.service.js';
import { remindableCallbacks, scopeOf } from './queues.repository.js';

/** How early a callback counts as due, and how late it still is due rather than missed. */
export const CALLBACK_DUE_AHEAD_MINUTES = 15;
export const CALLBACK_MISSED_AFTER_MINUTES = 30;

export type CallbackState = 'missed' | 'due' | 'upcoming';

/** Where a callback stands now: upcoming, due (from 15 minutes before to 30 after) or missed. */
export function callbackState(date: string | null, time: string | null, timeZone: string, now = new Date()): CallbackState | null {
  if (!date) return null;
  const at = Date.parse(zonedInstant(date, time || '00:00', timeZone));
  const t = now.getTime();
  if (t > at + CALLBACK_MISSED_AFTER_MINUTES * 60_000) return 'missed';
  if (t >= at - CALLBACK_DUE_AHEAD_MINUTES * 60_000) return 'due';
  return 'upcoming';
}

export interface CallbackReminder {
  id: number;
  name: string;
  mobile: string;
  callback_date: string;
  callback_time: string | null;
  state: CallbackState;
}

/** The most reminders one answer carries: the bell lists them, the poll stays cheap. */
export const REMINDER_LIMIT = 100;

/**
 * Callbacks that are due now (from 15 minutes before) or were missed: the bell and the toast read
 * these, polled every minute. Due ones come first, soonest first; then missed ones, latest first.
 */
export async function callbackReminders(deps: Deps, actor: UserActor): Promise<CallbackReminder[]> {
  const rules = await companyRules(deps.db, actor.subadminId);
  const now = new Date();
  const scope = scopeOf(actor, rules, now);
  const windowEnd = new Date(now.getTime() + CALLBACK_DUE_AHEAD_MINUTES * 60_000);
  // Past midnight the window holds the rest of today.
  const latestToday = todayIn(rules.timeZone, windowEnd) === scope.day.today ? timeIn(rules.timeZone, windowEnd) : '24:00';
  const rows = await remindableCallbacks(deps.db, scope, latestToday, REMINDER_LIMIT);
  const due: CallbackReminder[] = [];
  const missed: CallbackReminder[] = [];
  for (const r of rows) {
    const state = callbackState(r.callback_date, r.callback_time, rules.timeZone, now);
    if (!r.callback_date || !state || state === 'upcoming') continue;
    (state === 'due' ? due : missed).push({ ...r, callback_date: r.callback_date, state });
  }
  return [...due.reverse(), ...missed];
}
