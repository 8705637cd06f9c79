import { useCallback, useEffect, useState } from 'react';
import { useRouterState } from '@tanstack/react-router';
import { MAX_CALL_SECONDS } from '../../../../shared/schemas/lead-work';

const STORAGE_KEY = 'call-timer';

interface TimerRecord {
  leadId: number;
  /** the history entry the form was opened in: a reload keeps it, a new Process Lead does not */
  entry: string;
  startedAt: number;
  /** Call was tapped: the timer restarted then and measures the call */
  called: boolean;
}

function read(): TimerRecord | null {
  try {
    const r = JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? 'null') as TimerRecord | null;
    return r && typeof r.leadId === 'number' && typeof r.startedAt === 'number' ? r : null;
  } catch {
    return null;
  }
}

function write(r: TimerRecord): void {
  try {
    sessionStorage.setItem(STORAGE_KEY, JSON.stringify(r));
  } catch {
    // Private mode or a full storage: the timer still runs, it just does not survive a reload.
  }
}

function restoreOrStart(leadId: number, entry: string): TimerRecord {
  const saved = read();
  if (saved && saved.leadId === leadId && saved.entry === entry && saved.startedAt <= Date.now()) return saved;
  const fresh = { leadId, entry, startedAt: Date.now(), called: false };
  write(fresh);
  return fresh;
}

const secondsBetween = (from: number, to: number) => Math.min(MAX_CALL_SECONDS, Math.max(0, Math.floor((to - from) / 1000)));

/**
 * The lead form's call timer. It keeps a start time, not a count of ticks, in sessionStorage: the
 * phone's dialer in front, a backgrounded tab (whose timers the browser throttles) or a reload do not
 * lose time. It starts when the form opens (as the original app's did), restarts once when Call is tapped, so the duration
 * is the call's, and stops on Cancel or a successful submit.
 */
export function useCallTimer(leadId: number) {
  const entry = useRouterState({ select: (s) => s.location.state.__TSR_key ?? '' });
  const [record, setRecord] = useState(() => restoreOrStart(leadId, entry));
  const [stoppedAt, setStoppedAt] = useState<number | null>(null);
  const [seconds, setSeconds] = useState(() => secondsBetween(record.startedAt, Date.now()));

  useEffect(() => {
    if (stoppedAt !== null) {
      setSeconds(secondsBetween(record.startedAt, stoppedAt));
      return;
    }
    const tick = () => setSeconds(secondsBetween(record.startedAt, Date.now()));
    tick();
    // A quarter-second tick keeps the display within a quarter second of the true time.
    const id = window.setInterval(tick, 250);
    document.addEventListener('visibilitychange', tick);
    return () => {
      window.clearInterval(id);
      document.removeEventListener('visibilitychange', tick);
    };
  }, [record.startedAt, stoppedAt]);

  const callStarted = useCallback(() => {
    if (stoppedAt !== null || record.called) return;
    const next = { ...record, startedAt: Date.now(), called: true };
    write(next);
    setRecord(next);
  }, [record, stoppedAt]);

  /** The duration right now, for a submit: not the last rendered second. */
  const elapsed = useCallback(() => secondsBetween(record.startedAt, stoppedAt ?? Date.now()), [record.startedAt, stoppedAt]);

  const stop = useCallback(() => {
    setStoppedAt((at) => at ?? Date.now());
    if (read()?.leadId === leadId) sessionStorage.removeItem(STORAGE_KEY);
  }, [leadId]);

  return { seconds, running: stoppedAt === null, called: record.called, callStarted, elapsed, stop };
}

export type CallTimer = ReturnType<typeof useCallTimer>;
