import type { Deps } from '../../deps.js';
import { withAdvisoryLock } from '../../db/advisory-lock.js';
import { addDays, zonedInstant } from '../../../shared/dates.js';
import type { LeadAlert } from './alerts.js';
import { markCallbackAlerted, unalertedCallbacks } from './callback-alerts.repository.js';

/**
 * A callback is alerted when its time comes, if the job sees it within this long after: a server that
 * was down for longer does not wake everyone with old callbacks (the reminders list them as missed).
 */
export const CALLBACK_ALERT_WINDOW_MINUTES = 10;

/**
 * Raises a 'callback_due' alert for each callback whose time (its date and time in the company's zone)
 * came within the last few minutes and was not alerted yet (docs/alerts.md). Each callback, at each
 * date and time it is given, is alerted once: a rescheduled one alerts again. A callback without a time
 * has no moment to alert at; the reminders show it for the day. On Postgres one instance runs it at a time.
 */
export async function alertDueCallbacks(deps: Deps, now = new Date()): Promise<LeadAlert[]> {
  const run = await withAdvisoryLock(deps.db, deps.dialect, 'callback-alerts', 0, async () => {
    const today = now.toISOString().slice(0, 10);
    // Every zone's today is within a day of UTC's.
    const rows = await unalertedCallbacks(deps.db, addDays(today, -1), addDays(today, 1));
    const t = now.getTime();
    const alerts: LeadAlert[] = [];
    for (const r of rows) {
      const key = `${r.callback_date} ${r.callback_time}`;
      if (r.callback_alerted_for === key) continue;
      const due = Date.parse(zonedInstant(r.callback_date!, r.callback_time!, r.time_zone));
      if (due > t || due <= t - CALLBACK_ALERT_WINDOW_MINUTES * 60_000) continue;
      if (!(await markCallbackAlerted(deps.db, r.id, r.callback_date!, r.callback_time!, key))) continue;
      alerts.push({ kind: 'callback_due', subadminId: r.subadmin_id, userId: r.telicaller_id!, leadId: r.id, leadName: r.name, at: now.toISOString() });
    }
    return alerts;
  });
  const alerts = run.ran ? run.value : [];
  if (alerts.length) deps.alerts.raise(alerts);
  return alerts;
}
