import type { Transaction } from 'kysely';
import type { DB } from '../../db/schema.js';
import { LEAD_STATUS } from '../../../shared/lead-status.js';
import type { RoutingSettings } from '../../../shared/routing.js';
import type { LeadAlert } from '../alerts/alerts.js';
import type { Arrival, ArrivalContext, ArrivingLead } from './arrivals.service.js';
import { insertRepeatEvents, reopenLead, type ExistingLead } from './engine.repository.js';
import { routeLeads, type RoutingRound } from './route-leads.js';
import { applyRepeatDetails } from './arriving-details.js';

const DAY_MS = 86_400_000;
const CLOSED = new Set<string>([LEAD_STATUS.notInterested, LEAD_STATUS.invalid]);

interface RepeatContext extends ArrivalContext {
  settings: RoutingSettings;
  route: boolean;
  round: () => Promise<RoutingRound>;
}

/**
 * A mobile the company already holds came in again (docs/routing.md#repeat-enquiries). The lead
 * records the enquiry and goes back to new: to its owner's New queue (it is the oldest lead there,
 * so it comes first) with an alert to the owner; or, when the owner is gone or blocked, or the lead
 * was closed (not interested, invalid) longer ago than the company's setting, to routing (or the
 * pool when the source is not routed). A lead still inside a running upload is left alone.
 *
 * An enquiry whose reference the company already recorded is a retry and changes nothing: its event
 * goes in first, and the company's unique reference decides, also between two deliveries at once. A
 * lead made by this same delivery, or already reopened by an earlier enquiry of it, only records the
 * enquiry.
 */
export async function handleRepeatEnquiries(
  trx: Transaction<DB>,
  ctx: RepeatContext,
  repeats: readonly ArrivingLead[],
  existing: ReadonlyMap<string, ExistingLead>,
): Promise<{ arrivals: Map<ArrivingLead, Arrival>; alerts: LeadAlert[] }> {
  const now = ctx.now.toISOString();
  const closedBefore = new Date(ctx.now.getTime() - ctx.settings.repeatRerouteDays * DAY_MS).toISOString();
  const arrivals = new Map<ArrivingLead, Arrival>();
  const alerts: LeadAlert[] = [];
  const toRoute: { lead: ArrivingLead; row: ExistingLead }[] = [];
  const enquiries: { lead: ArrivingLead; row: ExistingLead }[] = [];
  for (const l of repeats) {
    const row = existing.get(l.mobile);
    if (!row) continue;
    if (row.visible) enquiries.push({ lead: l, row });
    else arrivals.set(l, { leadId: row.id, outcome: 'repeat', routedTo: null, waiting: false });
  }
  const recorded = await insertRepeatEvents(
    trx,
    enquiries.map(({ lead, row }) => ({
      subadmin_id: ctx.subadminId,
      lead_id: row.id,
      kind: 'repeat_enquiry',
      user_id: row.telicaller_id,
      from_user_id: null,
      source: ctx.source,
      detail: lead.requirement || null,
      source_ref: lead.sourceRef ?? null,
      created_at: now,
    })),
  );
  const reopened = new Set<number>();
  for (const { lead: l, row } of enquiries) {
    const asItIs = { leadId: row.id, routedTo: ownerOf(row), waiting: row.route_waiting === 1 };
    if (l.sourceRef && !recorded.has(l.sourceRef)) {
      arrivals.set(l, { ...asItIs, outcome: 'retry', retryOf: 'repeat' });
      continue;
    }
    // Its email, field values and extra details are not lost: they update the lead (a history line).
    await applyRepeatDetails(trx, ctx.subadminId, ctx.fields ?? [], row.id, l);
    const madeNow = ctx.batchId !== null && row.batch_id === ctx.batchId;
    if (madeNow || reopened.has(row.id)) {
      arrivals.set(l, { ...asItIs, outcome: 'repeat' });
      continue;
    }
    reopened.add(row.id);
    const ownerActive = row.telicaller_id !== null && !row.owner_blocked && row.owner_deleted_at === null;
    const closedLongAgo = CLOSED.has(row.status) && row.updated_at < closedBefore;
    if (ownerActive && !closedLongAgo) {
      await reopenLead(trx, ctx.subadminId, row.id, row.telicaller_id, now, ctx.source);
      arrivals.set(l, { leadId: row.id, outcome: 'repeat', routedTo: { id: row.telicaller_id!, name: row.owner_name ?? '' }, waiting: false });
      alerts.push({ kind: 'repeat_enquiry', subadminId: ctx.subadminId, userId: row.telicaller_id!, leadId: row.id, leadName: row.name, at: now });
    } else {
      await reopenLead(trx, ctx.subadminId, row.id, null, now, ctx.source);
      toRoute.push({ lead: l, row });
    }
  }
  if (toRoute.length && ctx.route) {
    const out = await routeLeads(
      trx,
      await ctx.round(),
      toRoute.map(({ row }) => ({ id: row.id, name: row.name, category: row.category, area: row.area, language: row.language })),
      ctx.source,
    );
    alerts.push(...out.alerts);
    for (const { lead, row } of toRoute) {
      const p = out.routed.get(row.id);
      arrivals.set(lead, { leadId: row.id, outcome: 'repeat', routedTo: p ? { id: p.id, name: p.name } : null, waiting: !p });
    }
  } else {
    for (const { lead, row } of toRoute) arrivals.set(lead, { leadId: row.id, outcome: 'repeat', routedTo: null, waiting: false });
  }
  return { arrivals, alerts };
}

const ownerOf = (row: ExistingLead) => (row.telicaller_id === null ? null : { id: row.telicaller_id, name: row.owner_name ?? '' });
