import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';

/** A lead's history, newest first, with the names of who acted and of the head it was handed to. */
export function historyOfLead(db: Kysely<DB>, subadminId: number, leadId: number) {
  return db
    .selectFrom('lead_history as h')
    .leftJoin('users as u', (j) => j.onRef('u.id', '=', 'h.user_id').onRef('u.subadmin_id', '=', 'h.subadmin_id'))
    .leftJoin('users as hd', (j) => j.onRef('hd.id', '=', 'h.handler_id').onRef('hd.subadmin_id', '=', 'h.subadmin_id'))
    .leftJoin('calls as c', (j) => j.onRef('c.id', '=', 'h.call_id').onRef('c.subadmin_id', '=', 'h.subadmin_id'))
    .where('h.subadmin_id', '=', subadminId)
    .where('h.lead_id', '=', leadId)
    .select((eb) => [
      'h.call_id',
      'c.user_id as call_user_id',
      eb('c.recording_ref', 'is not', null).as('has_recording'),
      'h.id',
      'h.kind',
      'h.outcome',
      'h.status',
      'h.feedback',
      'h.call_duration',
      'h.remarks',
      'h.handler_id',
      'h.demo',
      'h.project_name',
      'h.callback',
      'h.callback_date',
      'h.callback_time',
      'h.invalid_reason',
      'h.lead_quality',
      'h.optional_whatsapp',
      'h.optional_number',
      'h.user_type',
      'h.acted_by_subadmin',
      'h.call_via',
      'h.created_at',
      'u.name as telecaller_name',
      'hd.name as handler_name',
    ])
    .orderBy('h.created_at', 'desc')
    .orderBy('h.id', 'desc')
    .execute();
}

export type HistoryRow = Awaited<ReturnType<typeof historyOfLead>>[number];

/** What happened to a lead besides calls (routed, repeat enquiries, recycled), newest first, with the names involved. */
export function eventsOfLead(db: Kysely<DB>, subadminId: number, leadId: number) {
  return db
    .selectFrom('lead_events as e')
    .leftJoin('users as u', (j) => j.onRef('u.id', '=', 'e.user_id').onRef('u.subadmin_id', '=', 'e.subadmin_id'))
    .leftJoin('users as f', (j) => j.onRef('f.id', '=', 'e.from_user_id').onRef('f.subadmin_id', '=', 'e.subadmin_id'))
    .where('e.subadmin_id', '=', subadminId)
    .where('e.lead_id', '=', leadId)
    .select(['e.id', 'e.kind', 'e.source', 'e.detail', 'e.created_at', 'u.name as user_name', 'f.name as from_user_name'])
    .orderBy('e.created_at', 'desc')
    .orderBy('e.id', 'desc')
    .limit(50)
    .execute();
}
export type LeadEventItem = Awaited<ReturnType<typeof eventsOfLead>>[number];

/** The latest row of a lead's history, whole. */
export function latestHistoryRow(db: Kysely<DB>, subadminId: number, leadId: number) {
  return db
    .selectFrom('lead_history')
    .selectAll()
    .where('lead_id', '=', leadId)
    .where('subadmin_id', '=', subadminId)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/** A lead's field value changes (lead_changes), newest first, with who made them. */
export function changesOfLead(db: Kysely<DB>, subadminId: number, leadId: number) {
  return db
    .selectFrom('lead_changes as c')
    .leftJoin('users as u', (j) => j.onRef('u.id', '=', 'c.user_id').onRef('u.subadmin_id', '=', 'c.subadmin_id'))
    .where('c.subadmin_id', '=', subadminId)
    .where('c.lead_id', '=', leadId)
    .select(['c.id', 'c.changes', 'c.user_id', 'c.acted_by_subadmin', 'c.created_at', 'u.name as user_name'])
    .orderBy('c.created_at', 'desc')
    .orderBy('c.id', 'desc')
    .limit(200)
    .execute();
}
export type ChangeRow = Awaited<ReturnType<typeof changesOfLead>>[number];
