import { sql, type Expression, type Insertable, type Kysely, type SqlBool, type Transaction, type Updateable } from 'kysely';
import type { DB, ProjectPaymentsTable, ProjectsTable, ProjectUpdateRequestsTable } from '../../db/schema.js';
import { notFound } from '../../errors.js';
import { paginate } from '../../db/paging.js';
import { PROJECT_STATUS } from '../../../shared/constants.js';
import type { CompanyProjectList, MyProjectList } from '../../../shared/schemas/projects.js';
import { containsPattern } from '../users/users.repository.js';
import { APPROVED_STATUSES, isEffectively } from './project-view.js';

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

/** The rows a list shows; shared by the telecaller's lists and the company's. */
function filterList(q: ProjectsQuery, list: MyProjectList | CompanyProjectList, today: string): ProjectsQuery {
  switch (list) {
    case 'pending':
      return q.where('projects.status', '=', PROJECT_STATUS.pending);
    case 'waiting':
      return q.where('projects.status', 'in', [PROJECT_STATUS.pending, PROJECT_STATUS.updateRequested]);
    case 'running':
      return q.where((eb) => isEffectively(eb, PROJECT_STATUS.running));
    case 'completed':
      return q.where((eb) => isEffectively(eb, PROJECT_STATUS.completed));
    case 'rejected':
      return q.where('projects.status', '=', PROJECT_STATUS.rejected);
    case 'delayed':
      return q.where((eb) => isEffectively(eb, PROJECT_STATUS.running)).where('projects.endtime', '<', today);
    case 'pendingPayment':
      return q.where('projects.status', 'in', APPROVED_STATUSES).whereRef('projects.price_paise', '>', 'projects.received_paise');
    case 'fromLeads':
      return q.where('projects.lead_id', 'is not', null);
    case 'all':
      return q;
  }
}

function searchProjects(q: ProjectsQuery, text: string): ProjectsQuery {
  const p = containsPattern(text);
  return q.where((eb) =>
    eb.or([
      sql<boolean>`lower(projects.project_name) like ${p} escape '!'`,
      sql<boolean>`lower(projects.clint_name) like ${p} escape '!'`,
      sql<boolean>`projects.number like ${p} escape '!'`,
    ]),
  );
}

/** One page of a project list of the company (of one telecaller when given), newest first. */
export function pageOfProjects(
  db: Kysely<DB>,
  subadminId: number,
  filter: { list: MyProjectList | CompanyProjectList; today: string; telecallerId?: number; search?: string },
  input: { page: number; pageSize: number },
) {
  let q = projectsOf(db, subadminId);
  if (filter.telecallerId !== undefined) q = q.where('projects.telicaller_id', '=', filter.telecallerId);
  q = filterList(q, filter.list, filter.today);
  if (filter.search) q = searchProjects(q, filter.search);
  return paginate(q, input, (b) => selectProject(b).orderBy('projects.id', 'desc'));
}

/** A telecaller's approved projects: their money for the totals, and one page of them newest first. */
export function approvedProjectsOf(db: Kysely<DB>, subadminId: number, telecallerId: number, input: { page: number; pageSize: number }) {
  const base = projectsOf(db, subadminId).where('projects.telicaller_id', '=', telecallerId).where('projects.status', 'in', APPROVED_STATUSES);
  return Promise.all([
    base.select(['projects.price_paise', 'projects.received_paise', 'projects.commission_percentage']).execute(),
    paginate(base, input, (q) => selectProject(q).orderBy('projects.id', 'desc')),
  ]);
}

/** The company's approved projects created in [from, to), with their telecaller's name and money. */
export function approvedProjectsCreated(db: Kysely<DB>, subadminId: number, bounds: { from: string; to: string }) {
  return projectsOf(db, subadminId)
    .where('projects.status', 'in', APPROVED_STATUSES)
    .where('projects.created_at', '>=', bounds.from)
    .where('projects.created_at', '<', bounds.to)
    .select([
      'projects.telicaller_id',
      'users.name as telecaller_name',
      'projects.created_at',
      'projects.price_paise',
      'projects.received_paise',
      'projects.commission_percentage',
    ])
    .execute();
}

/** A visible lead of the company that the telecaller holds, or was handed as head. */
export function findHeldLead(db: Kysely<DB>, subadminId: number, leadId: number, userId: number) {
  return db
    .selectFrom('leads')
    .select('id')
    .where('subadmin_id', '=', subadminId)
    .where('id', '=', leadId)
    .where('visible', '=', 1)
    .where((eb) => eb.or([eb('telicaller_id', '=', userId), eb('handler_id', '=', userId)]))
    .executeTakeFirst();
}

export function insertProject(db: Kysely<DB>, values: Insertable<ProjectsTable>) {
  return db.insertInto('projects').values(values).returning('id').executeTakeFirstOrThrow();
}

/** Changes a project of the company that is in status `from`; false when it is not (any more). */
export async function moveProjectRow(db: Kysely<DB>, subadminId: number, id: number, from: number, set: Updateable<ProjectsTable>): Promise<boolean> {
  const moved = await db
    .updateTable('projects')
    .set(set)
    .where('id', '=', id)
    .where('subadmin_id', '=', subadminId)
    .where('status', '=', from)
    .executeTakeFirst();
  return Number(moved.numUpdatedRows) === 1;
}

export async function updateProjectRow(db: Kysely<DB>, subadminId: number, id: number, set: Updateable<ProjectsTable>): Promise<void> {
  await db.updateTable('projects').set(set).where('id', '=', id).where('subadmin_id', '=', subadminId).execute();
}

export function insertUpdateRequest(db: Kysely<DB>, values: Insertable<ProjectUpdateRequestsTable>) {
  return db.insertInto('project_update_requests').values(values).returning('id').executeTakeFirstOrThrow();
}

export async function insertPayment(trx: Transaction<DB>, values: Insertable<ProjectPaymentsTable>): Promise<void> {
  await trx.insertInto('project_payments').values(values).execute();
}

/** A telecaller's project counts: waiting for approval, running, completed, rejected, delayed (past `today`). */
export async function countProjectsOf(db: Kysely<DB>, subadminId: number, telecallerId: number, today: string) {
  const row = await db
    .selectFrom('projects')
    .where('subadmin_id', '=', subadminId)
    .where('telicaller_id', '=', telecallerId)
    .select((eb) => {
      const countIf = (cond: Expression<SqlBool>) => eb.fn.sum<number | string | null>(eb.case().when(cond).then(1).else(0).end());
      return [
        countIf(eb('projects.status', '=', PROJECT_STATUS.pending)).as('pending'),
        countIf(isEffectively(eb, PROJECT_STATUS.running)).as('running'),
        countIf(isEffectively(eb, PROJECT_STATUS.completed)).as('completed'),
        countIf(eb('projects.status', '=', PROJECT_STATUS.rejected)).as('rejected'),
        countIf(eb.and([isEffectively(eb, PROJECT_STATUS.running), eb('projects.endtime', '<', today)])).as('delayed'),
      ];
    })
    .executeTakeFirst();
  const n = (v: unknown) => Number(v ?? 0);
  return { pending: n(row?.pending), running: n(row?.running), completed: n(row?.completed), rejected: n(row?.rejected), delayed: n(row?.delayed) };
}

/** Live users of some types with their project counts (all, and waiting for approval). */
export function projectCountsByUser(db: Kysely<DB>, subadminId: number, types: readonly ('Telicaller' | 'Telicaller-hade')[]) {
  return db
    .selectFrom('users as u')
    .leftJoin('projects as p', (j) => j.onRef('p.telicaller_id', '=', 'u.id').onRef('p.subadmin_id', '=', 'u.subadmin_id'))
    .where('u.subadmin_id', '=', subadminId)
    .where('u.deleted_at', 'is', null)
    .where('u.user_type', 'in', types)
    .groupBy(['u.id', 'u.name'])
    .select((eb) => [
      'u.id',
      'u.name',
      eb.fn.count<number | string>('p.id').as('total'),
      eb.fn.sum<number | string | null>(eb.case().when('p.status', '=', PROJECT_STATUS.pending).then(1).else(0).end()).as('pending'),
    ])
    .execute();
}

/** Whether the company has a user with this id (deleted or not). */
export async function companyHasUser(db: Kysely<DB>, subadminId: number, id: number): Promise<boolean> {
  return Boolean(await db.selectFrom('users').select('id').where('subadmin_id', '=', subadminId).where('id', '=', id).executeTakeFirst());
}

/** One page of the company's waiting update requests beside their projects' current values, oldest first. */
export function pageOfPendingUpdates(db: Kysely<DB>, subadminId: number, input: { page: number; pageSize: number }) {
  const base = db
    .selectFrom('project_update_requests as r')
    .innerJoin('projects as p', (j) => j.onRef('p.id', '=', 'r.project_id').onRef('p.subadmin_id', '=', 'r.subadmin_id'))
    .leftJoin('users as u', (j) => j.onRef('u.id', '=', 'p.telicaller_id').onRef('u.subadmin_id', '=', 'p.subadmin_id'))
    .where('r.subadmin_id', '=', subadminId)
    .where('r.approval_status', '=', 'pending');
  return paginate(base, input, (q) =>
    q
      .select([
        'r.id',
        'r.project_id',
        'r.created_at',
        'p.telicaller_id',
        'u.name as telecaller_name',
        'r.project_name',
        'r.clint_name',
        'r.number',
        'r.price_paise',
        'r.received_paise',
        'r.commission_percentage',
        'r.endtime',
        'p.project_name as cur_name',
        'p.clint_name as cur_client',
        'p.number as cur_number',
        'p.price_paise as cur_price',
        'p.received_paise as cur_received',
        'p.commission_percentage as cur_commission',
        'p.endtime as cur_endtime',
      ])
      .orderBy('r.id'),
  );
}

export function findUpdateRequest(db: Kysely<DB>, subadminId: number, id: number) {
  return db.selectFrom('project_update_requests').selectAll().where('subadmin_id', '=', subadminId).where('id', '=', id).executeTakeFirst();
}

/** Decides a waiting request; false when it was already decided. */
export async function decideUpdateRequest(db: Kysely<DB>, id: number, decision: { approve: boolean; by: number; at: string }): Promise<boolean> {
  const decided = await db
    .updateTable('project_update_requests')
    .set({ approval_status: decision.approve ? 'approved' : 'rejected', decided_by_kind: 'subadmin', decided_by_id: decision.by, decided_at: decision.at })
    .where('id', '=', id)
    .where('approval_status', '=', 'pending')
    .executeTakeFirst();
  return Number(decided.numUpdatedRows) === 1;
}
