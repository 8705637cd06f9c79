import { useSyncExternalStore } from 'react';
import type { LeadAlertMessage } from '../../../../shared/alerts';

/** The most alerts the bell keeps for the tab's session. */
const KEPT = 20;

export interface HeldAlert extends LeadAlertMessage {
  seen: boolean;
}

let alerts: HeldAlert[] = [];
const delivered = new Set<string>();
const listeners = new Set<() => void>();
const changed = () => {
  for (const l of listeners) l();
};

/** One alert reaches the page by the event stream and, when the app was in the background, by Web Push too. */
export const alertKey = (a: LeadAlertMessage) => `${a.kind}:${a.leadId}:${a.at}`;

/** Takes an alert once: false when it arrived already (by the other path). */
export function takeAlert(a: LeadAlertMessage): boolean {
  const key = alertKey(a);
  if (delivered.has(key)) return false;
  delivered.add(key);
  alerts = [{ ...a, seen: false }, ...alerts.filter((x) => !(x.leadId === a.leadId && x.kind === a.kind))].slice(0, KEPT);
  changed();
  return true;
}

/** The bell was opened: what it lists stops counting as new. */
export function markAlertsSeen(): void {
  if (!alerts.some((a) => !a.seen)) return;
  alerts = alerts.map((a) => ({ ...a, seen: true }));
  changed();
}

function subscribe(l: () => void) {
  listeners.add(l);
  return () => listeners.delete(l);
}

/** This tab's recent lead alerts (newest first), for the bell. */
export function useHeldAlerts(): HeldAlert[] {
  return useSyncExternalStore(
    subscribe,
    () => alerts,
    () => alerts,
  );
}
