import { sql, type Expression, type SqlBool } from 'kysely';
import { containsPattern } from '../users/users.repository.js';
import type { Deps } from '../../deps.js';
import type { UserActor } from '../../auth/actor.js';
import { AppError, notFound } from '../../errors.js';
import { nowIso } from '../../db/dialect.js';
import { paginate } from '../../db/paging.js';
import type { Page } from '../../../shared/schemas/paging.js';
import { PROJECT_STATUS } from '../../../shared/constants.js';
import { todayIn } from '../../../shared/dates.js';
import { paiseToRupees } from '../../../shared/money.js';
import { PROJECT_MESSAGES, type CreateProject, type MyProjectList, type ProjectUpdate } from '../../../shared/schemas/projects.js';
import { APPROVED_STATUSES, isEffectively, toView, type ProjectView } from './project-view.js';
import { findProject, ledgerOf, pendingRequestOf, projectsOf, selectProject, type ProjectsQuery } from './projects.repository.js';
import { companyRules } from '../company/company.service.js';

/** The rows a list shows; shared by the telecaller's lists and the company's. */
export function filterList(q: ProjectsQuery, list: MyProjectList | 'fromLeads', today: string): ProjectsQuery {
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

/** Create Project: pending approval (0); the advance counts as received once the company approves it. */
export async function createProject(deps: Deps, actor: UserActor, input: CreateProject): Promise<{ id: number; message: string }> {
  if (input.lead_id !== undefined) {
    // Only a lead the telecaller holds, or was handed as head, can be the project's lead.
    const lead = await deps.db
      .selectFrom('leads')
      .select('id')
      .where('subadmin_id', '=', actor.subadminId)
      .where('id', '=', input.lead_id)
      .where('visible', '=', 1)
      .where((eb) => eb.or([eb('telicaller_id', '=', actor.id), eb('handler_id', '=', actor.id)]))
      .executeTakeFirst();
    if (!lead) throw notFound('Lead');
  }
  const now = nowIso();
  const row = await deps.db
    .insertInto('projects')
    .values({
      subadmin_id: actor.subadminId,
      telicaller_id: actor.id,
      project_name: input.project_name,
      clint_name: input.clint_name,
      number: input.number,
      price_paise: input.price,
      received_paise: input.advance,
      commission_percentage: input.commission_percentage,
      endtime: input.endtime,
      status: PROJECT_STATUS.pending,
      previous_status: null,
      lead_id: input.lead_id ?? null,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id: row.id, message: PROJECT_MESSAGES.created };
}

export async function listMyProjects(
  deps: Deps,
  actor: UserActor,
  input: { list: MyProjectList; page: number; pageSize: number; search?: string },
): Promise<Page<ProjectView>> {
  const company = await companyRules(deps.db, actor.subadminId);
  const today = todayIn(company.timeZone);
  let q = filterList(projectsOf(deps.db, actor.subadminId).where('projects.telicaller_id', '=', actor.id), input.list, today);
  if (input.search) q = searchProjects(q, input.search);
  const page = await paginate(q, input, (b) => selectProject(b).orderBy('projects.id', 'desc'));
  return { ...page, items: page.items.map((p) => toView(p, { today, companyName: company.companyName })) };
}

export function searchProjects(q: ProjectsQuery, text: string): ProjectsQuery {
  const p = containsPattern(text);
  return q.where((eb) =>
    eb.or([
      sql<boolean>`lower(projects.project_name) like ${p} escape '!'`,
      sql<boolean>`lower(projects.clint_name) like ${p} escape '!'`,
      sql<boolean>`projects.number like ${p} escape '!'`,
    ]),
  );
}

export interface ProjectDetail {
  project: ProjectView;
  ledger: Array<{ id: number; amount: number; received_after: number; kind: 'advance' | 'update'; approved_by: string; created_at: string }>;
  /** the values a waiting update proposes */
  request: {
    id: number;
    project_name: string;
    clint_name: string;
    number: string;
    price: number;
    received: number;
    commission_percentage: number;
    endtime: string;
    created_at: string;
  } | null;
}

/** One project with its ledger and its waiting request: the telecaller's own, or any of the company's for the sub-admin. */
export async function projectDetail(deps: Deps, subadminId: number, id: number, telecallerId?: number): Promise<ProjectDetail> {
  const [company, p] = await Promise.all([companyRules(deps.db, subadminId), findProject(deps.db, subadminId, id, telecallerId)]);
  const [ledger, request] = await Promise.all([ledgerOf(deps.db, subadminId, id), pendingRequestOf(deps.db, subadminId, id)]);
  return {
    project: toView(p, { today: todayIn(company.timeZone), companyName: company.companyName }),
    ledger: ledger.map((e) => ({
      id: e.id,
      amount: paiseToRupees(e.amount_paise),
      received_after: paiseToRupees(e.received_after_paise),
      kind: e.kind,
      approved_by: e.approved_by_name,
      created_at: e.created_at,
    })),
    request: request
      ? {
          id: request.id,
          project_name: request.project_name,
          clint_name: request.clint_name,
          number: request.number,
          price: paiseToRupees(request.price_paise),
          received: paiseToRupees(request.received_paise),
          commission_percentage: request.commission_percentage,
          endtime: request.endtime,
          created_at: request.created_at,
        }
      : null,
  };
}

/**
 * A payment update request: the proposed values wait apart in project_update_requests, the project
 * shows 4 and remembers the status it returns to. One request at a time.
 */
export async function requestProjectUpdate(deps: Deps, actor: UserActor, input: ProjectUpdate): Promise<{ message: string; requestId: number }> {
  return deps.db.transaction().execute(async (trx) => {
    const p = await findProject(trx, actor.subadminId, input.id, actor.id);
    if (p.status === PROJECT_STATUS.updateRequested) throw new AppError('CONFLICT', PROJECT_MESSAGES.updateWaiting);
    if (p.status !== PROJECT_STATUS.running && p.status !== PROJECT_STATUS.completed) {
      throw new AppError('CONFLICT', 'Only an approved project can be updated.');
    }
    const now = nowIso();
    const moved = await trx
      .updateTable('projects')
      .set({ status: PROJECT_STATUS.updateRequested, previous_status: p.status, updated_at: now })
      .where('id', '=', p.id)
      .where('subadmin_id', '=', actor.subadminId)
      .where('status', '=', p.status)
      .executeTakeFirst();
    if (Number(moved.numUpdatedRows) !== 1) throw new AppError('CONFLICT', PROJECT_MESSAGES.updateWaiting);
    const row = await trx
      .insertInto('project_update_requests')
      .values({
        subadmin_id: actor.subadminId,
        project_id: p.id,
        requested_by: actor.id,
        project_name: input.project_name,
        clint_name: input.clint_name,
        number: input.number,
        price_paise: input.price,
        received_paise: input.received,
        commission_percentage: input.commission_percentage,
        endtime: input.endtime,
        approval_status: 'pending',
        decided_by_kind: null,
        decided_by_id: null,
        decided_at: null,
        created_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return { message: PROJECT_MESSAGES.updateSent, requestId: row.id };
  });
}

/** The telecaller's project counts: waiting for approval, running, completed, rejected, delayed. */
export async function countMyProjects(deps: Deps, actor: UserActor) {
  const company = await companyRules(deps.db, actor.subadminId);
  const today = todayIn(company.timeZone);
  const row = await deps.db
    .selectFrom('projects')
    .where('subadmin_id', '=', actor.subadminId)
    .where('telicaller_id', '=', actor.id)
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
