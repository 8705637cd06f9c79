import { useSyncExternalStore } from 'react';
import type { LeadQueue } from '../../../../shared/constants';

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

let state: DialerState | null = null;
const listeners = new Set<() => void>();

function set(next: DialerState | null): void {
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
