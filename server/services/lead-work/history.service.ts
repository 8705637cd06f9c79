import type { Kysely } from 'kysely';
import type { Deps } from '../../deps.js';
import type { DB } from '../../db/schema.js';
import { hearableCalls } from '../telephony/hearing.js';
import type { CallVia } from '../../../shared/telephony.js';
import type { UserActor } from '../../auth/actor.js';
import { historyOfLead, type ChangeRow, type HistoryRow } from './history.repository.js';
import type { FieldChange } from '../lead-fields/values.js';
import { workableLead } from './workable-lead.js';

export interface HistoryItem {
  id: number;
  kind: 'outcome' | 'attempt';
  outcome: string | null;
  status: string;
  feedback: string | null;
  call_duration: number;
  /** the outcome's note (the spec's remarks) */
  remarks: string | null;
  handler_id: number | null;
  handler_name: string | null;
  telecaller_name: string;
  user_type: string | null;
  demo: boolean;
  project_name: string | null;
  callback: boolean;
  callback_date: string | null;
  callback_time: string | null;
  invalid_reason: string | null;
  lead_quality: string | null;
  optional_whatsapp: string | null;
  optional_number: string | null;
  by_subadmin: boolean;
  /** 'provider': the call's status and duration are the provider's (verified); 'phone': dialled from the phone, timed by the app; null: no call from the app */
  call_via: CallVia | null;
  /** the call whose recording this person may play (GET /api/recordings/<id>), or null */
  recording_call_id: number | null;
  created_at: string;
}

export const toHistoryItem = (r: HistoryRow, hearable: ReadonlySet<number>): HistoryItem => ({
  id: r.id,
  kind: r.kind,
  outcome: r.outcome,
  status: r.status,
  feedback: r.feedback,
  call_duration: r.call_duration,
  remarks: r.remarks,
  handler_id: r.handler_id,
  handler_name: r.handler_name ?? null,
  telecaller_name: r.telecaller_name ?? 'Unknown',
  user_type: r.user_type,
  demo: r.demo === 1,
  project_name: r.project_name,
  callback: r.callback === 1,
  callback_date: r.callback_date,
  callback_time: r.callback_time,
  invalid_reason: r.invalid_reason,
  lead_quality: r.lead_quality,
  optional_whatsapp: r.optional_whatsapp,
  optional_number: r.optional_number,
  by_subadmin: r.acted_by_subadmin !== null,
  call_via: r.call_via,
  recording_call_id: r.call_id !== null && hearable.has(r.call_id) ? r.call_id : null,
  created_at: r.created_at,
});

/** A lead's history as this person sees it, with the recordings they may play. */
export async function historyItems(db: Kysely<DB>, actor: UserActor, lead: { handler_id: number | null }, rows: HistoryRow[]): Promise<HistoryItem[]> {
  const hearable = await hearableCalls(
    db,
    actor,
    rows.map((r) => ({ ...r, handler_id: lead.handler_id })),
  );
  return rows.map((r) => toHistoryItem(r, hearable));
}

export async function leadHistory(deps: Deps, actor: UserActor, leadId: number): Promise<HistoryItem[]> {
  const lead = await workableLead(deps.db, actor, leadId);
  return historyItems(deps.db, actor, lead, await historyOfLead(deps.db, actor.subadminId, leadId));
}

/** A line of a lead's history that changed its field values ("Roof type: RCC → Tin sheet"), with who and when. */
export interface LeadChangeItem {
  id: number;
  changes: FieldChange[];
  /** the user who made it; null: an import, the capture API or the company */
  by_name: string | null;
  by_subadmin: boolean;
  created_at: string;
}

export const toChangeItem = (r: ChangeRow): LeadChangeItem => {
  let changes: FieldChange[] = [];
  try {
    const parsed: unknown = JSON.parse(r.changes);
    if (Array.isArray(parsed)) changes = parsed as FieldChange[];
  } catch {
    // an unreadable line shows as a change without details rather than failing the page
  }
  return {
    id: r.id,
    changes,
    by_name: r.user_id === null ? null : (r.user_name ?? 'Unknown'),
    by_subadmin: r.acted_by_subadmin !== null,
    created_at: r.created_at,
  };
};
