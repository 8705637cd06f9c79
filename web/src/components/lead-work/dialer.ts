import { useSyncExternalStore } from 'react';
import { LEAD_QUEUES, type LeadQueue } from '../../../../shared/constants';

/*
 * The power dialer (docs/product-rules.md#the-power-dialer): started on a queue page, it goes with the
 * telecaller from lead to lead of that queue, so it lives here and not in one page's state. Stop ends
 * it everywhere.
 */
export interface DialerState {
  queue: LeadQueue;
  /** the lead whose call is placed as soon as it opens (Start calling was the tap for it) */
  callNow: number | null;
}

const STORAGE_KEY = 'power-dialer';

// Kept for the tab, so a reload (or Android bringing a killed tab back) goes on with the queue. The
// lead it was about to call is not called by itself after a reload: its countdown runs again first.
function saved(): DialerState | null {
  try {
    const s = JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? 'null') as { queue?: unknown } | null;
    return typeof s?.queue === 'string' && (LEAD_QUEUES as readonly string[]).includes(s.queue) ? { queue: s.queue as LeadQueue, callNow: null } : null;
  } catch {
    return null;
  }
}

function keep(next: DialerState | null): void {
  try {
    if (next) sessionStorage.setItem(STORAGE_KEY, JSON.stringify({ queue: next.queue }));
    else sessionStorage.removeItem(STORAGE_KEY);
  } catch {
    // Private mode: the dialer lasts until the page closes.
  }
}

let state: DialerState | null = typeof sessionStorage === 'undefined' ? null : saved();
const listeners = new Set<() => void>();

function set(next: DialerState | null): void {
  if (next?.queue !== state?.queue) keep(next);
  state = next;
  for (const l of listeners) l();
}

const subscribe = (l: () => void) => {
  listeners.add(l);
  return () => listeners.delete(l);
};

export const dialer = {
  start: (queue: LeadQueue, firstLeadId: number) => set({ queue, callNow: firstLeadId }),
  stop: () => set(null),
  /** The lead's call is placed (or skipped): the next lead counts down first. */
  placed: (leadId: number) => {
    if (state?.callNow === leadId) set({ ...state, callNow: null });
  },
  current: () => state,
};

export function useDialer(): DialerState | null {
  return useSyncExternalStore(subscribe, () => state);
}
