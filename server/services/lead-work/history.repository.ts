import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';

/** A lead's history, newest first, with the names of who acted and of the head it was handed to. */
export function historyOfLead(db: Kysely<DB>, subadminId: number, leadId: number) {
  return db
    .selectFrom('lead_history as h')
    .leftJoin('users as u', (j) => j.onRef('u.id', '=', 'h.user_id').onRef('u.subadmin_id', '=', 'h.subadmin_id'))
    .leftJoin('users as hd', (j) => j.onRef('hd.id', '=', 'h.handler_id').onRef('hd.subadmin_id', '=', 'h.subadmin_id'))
    .where('h.subadmin_id', '=', subadminId)
    .where('h.lead_id', '=', leadId)
    .select([
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
      'h.created_at',
      'u.name as telecaller_name',
      'hd.name as handler_name',
    ])
    .orderBy('h.created_at', 'desc')
    .orderBy('h.id', 'desc')
    .execute();
}

export type HistoryRow = Awaited<ReturnType<typeof historyOfLead>>[number];

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
