import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import { notFound } from '../../errors.js';

/** Projects of one company with the lead they came from and the telecaller's name. */
export function projectsOf(db: Kysely<DB>, subadminId: number) {
  return db
    .selectFrom('projects')
    .leftJoin('leads', (j) => j.onRef('leads.id', '=', 'projects.lead_id').onRef('leads.subadmin_id', '=', 'projects.subadmin_id'))
    .leftJoin('users', (j) => j.onRef('users.id', '=', 'projects.telicaller_id').onRef('users.subadmin_id', '=', 'projects.subadmin_id'))
    .where('projects.subadmin_id', '=', subadminId);
}

export type ProjectsQuery = ReturnType<typeof projectsOf>;

export const selectProject = (q: ProjectsQuery) =>
  q.selectAll('projects').select(['leads.name as lead_name', 'leads.mobile as lead_mobile', 'users.name as telecaller_name']);

/** One project of the company (and of this telecaller, when given); another company's id is not found. */
export async function findProject(db: Kysely<DB>, subadminId: number, id: number, telecallerId?: number) {
  let q = projectsOf(db, subadminId).where('projects.id', '=', id);
  if (telecallerId !== undefined) q = q.where('projects.telicaller_id', '=', telecallerId);
  const row = await selectProject(q).executeTakeFirst();
  if (!row) throw notFound('Project');
  return row;
}

/** The payment ledger of a project, oldest first. */
export function ledgerOf(db: Kysely<DB>, subadminId: number, projectId: number) {
  return db
    .selectFrom('project_payments')
    .select(['id', 'amount_paise', 'received_after_paise', 'kind', 'approved_by_name', 'created_at'])
    .where('subadmin_id', '=', subadminId)
    .where('project_id', '=', projectId)
    .orderBy('id')
    .execute();
}

/** The waiting update request of a project, if any. */
export function pendingRequestOf(db: Kysely<DB>, subadminId: number, projectId: number) {
  return db
    .selectFrom('project_update_requests')
    .selectAll()
    .where('subadmin_id', '=', subadminId)
    .where('project_id', '=', projectId)
    .where('approval_status', '=', 'pending')
    .orderBy('id', 'desc')
    .executeTakeFirst();
}
