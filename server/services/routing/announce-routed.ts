import type { Deps } from '../../deps.js';
import type { RoutedHow } from '../../metrics/metrics.js';
import { raiseAlerts, type LeadAlert } from '../alerts/alerts.js';

/**
 * After a routing transaction commits: raises its alerts, and counts the leads it gave to people in
 * telecall_leads_routed_total (each such lead has its one 'lead_routed' alert; a repeat enquiry
 * handed back to its owner is not a routing).
 */
export function announceRouted(deps: Pick<Deps, 'metrics'>, alerts: readonly LeadAlert[], how: Exclude<RoutedHow, 'manual'>): void {
  raiseAlerts(alerts);
  const routed = alerts.reduce((n, a) => (a.kind === 'lead_routed' ? n + 1 : n), 0);
  if (routed) deps.metrics?.leadsRouted.inc({ how }, routed);
}
