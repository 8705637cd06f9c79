import type { ExpressionBuilder } from 'kysely';
import type { DB, ProjectsTable } from '../../db/schema.js';
import { PROJECT_STATUS } from '../../../shared/constants.js';
import { paiseToRupees, percentOfPaise } from '../../../shared/money.js';
import { whatsappLink } from '../../../shared/schemas/lead-work.js';

export type ProjectRow = Omit<ProjectsTable, 'id' | 'advance_paise'> & {
  id: number;
  advance_paise: number;
  lead_name?: string | null;
  lead_mobile?: string | null;
  telecaller_name?: string | null;
};

/**
 * A project waiting on a payment update (4) is still what it was before the request: running
 * projects stay in the running and delayed lists, completed ones in the completed list.
 */
export const isEffectively = (eb: ExpressionBuilder<DB, 'projects'>, status: number) =>
  eb.or([
    eb('projects.status', '=', status),
    eb.and([eb('projects.status', '=', PROJECT_STATUS.updateRequested), eb('projects.previous_status', '=', status)]),
  ]);

/** Approved business: running, completed, or either of those with an update waiting. */
export const APPROVED_STATUSES = [PROJECT_STATUS.running, PROJECT_STATUS.completed, PROJECT_STATUS.updateRequested];

export const effectiveStatus = (p: Pick<ProjectRow, 'status' | 'previous_status'>) =>
  p.status === PROJECT_STATUS.updateRequested && p.previous_status != null ? p.previous_status : p.status;

const inr = new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR' });
export const formatRupees = (paise: number) => inr.format(paise / 100);

/** The client reminder: who is owed what for which project, from which company. */
export function paymentReminder(p: ProjectRow, companyName: string): { message: string; link: string } | null {
  const pending = p.price_paise - p.received_paise;
  if (pending <= 0) return null;
  const message =
    `Hello ${p.clint_name.trim() || 'there'}, this is a reminder from ${companyName} about "${p.project_name}": ` +
    `${formatRupees(pending)} of ${formatRupees(p.price_paise)} is still pending. Thank you.`;
  return { message, link: whatsappLink(p.number, message) };
}

export interface ProjectView {
  id: number;
  project_name: string;
  clint_name: string;
  number: string;
  /** rupees, two decimals */
  price: number;
  /** the advance the project was created with, apart from everything received since */
  advance: number;
  received: number;
  pending: number;
  commission_percentage: number;
  /** commission on the full price, and on the money received so far (rupees) */
  commission: number;
  commission_earned: number;
  endtime: string;
  status: number;
  /** the status the project returns to when its waiting update is decided */
  previous_status: number | null;
  update_pending: boolean;
  /** why the company rejected it, when it said */
  reject_reason: string | null;
  delayed: boolean;
  telicaller_id: number;
  telecaller_name: string | null;
  lead: { id: number; name: string; mobile: string } | null;
  created_at: string;
  reminder: { message: string; link: string } | null;
}

export function toView(p: ProjectRow, ctx: { today: string; companyName: string }): ProjectView {
  const status = effectiveStatus(p);
  return {
    id: p.id,
    project_name: p.project_name,
    clint_name: p.clint_name,
    number: p.number,
    price: paiseToRupees(p.price_paise),
    advance: paiseToRupees(p.advance_paise),
    received: paiseToRupees(p.received_paise),
    pending: paiseToRupees(p.price_paise - p.received_paise),
    commission_percentage: p.commission_percentage,
    commission: paiseToRupees(percentOfPaise(p.price_paise, p.commission_percentage)),
    commission_earned: paiseToRupees(percentOfPaise(p.received_paise, p.commission_percentage)),
    endtime: p.endtime,
    status: p.status,
    previous_status: p.previous_status,
    update_pending: p.status === PROJECT_STATUS.updateRequested,
    reject_reason: p.status === PROJECT_STATUS.rejected ? (p.reject_reason ?? null) : null,
    delayed: status === PROJECT_STATUS.running && p.endtime < ctx.today,
    telicaller_id: p.telicaller_id,
    telecaller_name: p.telecaller_name ?? null,
    lead: p.lead_id != null && p.lead_name != null ? { id: p.lead_id, name: p.lead_name, mobile: p.lead_mobile ?? '' } : null,
    created_at: p.created_at,
    reminder: APPROVED_STATUSES.includes(p.status as 1) ? paymentReminder(p, ctx.companyName) : null,
  };
}
