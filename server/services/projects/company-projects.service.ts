import type { Kysely, Selectable, Transaction } from 'kysely';
import type { Deps } from '../../deps.js';
import type { SubadminActor } from '../../auth/actor.js';
import type { DB, ProjectsTable } from '../../db/schema.js';
import { AppError, notFound } from '../../errors.js';
import { nowIso } from '../../db/dialect.js';
import type { Page } from '../../../shared/schemas/paging.js';
import { PROJECT_STATUS } from '../../../shared/constants.js';
import { todayIn } from '../../../shared/dates.js';
import { paiseToRupees } from '../../../shared/money.js';
import { PROJECT_MESSAGES, type CompanyProjectList } from '../../../shared/schemas/projects.js';
import { toView, type ProjectView } from './project-view.js';
import {
  companyHasUser,
  decideUpdateRequest,
  findProject,
  findUpdateRequest,
  insertPayment,
  moveProjectRow,
  pageOfPendingUpdates,
  pageOfProjects,
  projectCountsByUser,
  updateProjectRow,
} from './projects.repository.js';
import { notifyUser } from '../notifications/notifications.service.js';
import { companyRules } from '../company/company.service.js';
import { findCompany } from '../company/company.repository.js';

const CALLER_TYPES = ['Telicaller', 'Telicaller-hade'] as const;

export interface TelecallerProjects {
  telicaller_id: number;
  telecaller_name: string;
  total_projects: number;
  pending_projects: number;
}

/** Approve Projects: every telecaller and head of the company with its project counts, most pending first. */
export async function telecallersWithProjects(deps: Deps, actor: SubadminActor): Promise<TelecallerProjects[]> {
  const rows = await projectCountsByUser(deps.db, actor.subadminId, CALLER_TYPES);
  return rows
    .map((r) => ({ telicaller_id: r.id, telecaller_name: r.name, total_projects: Number(r.total), pending_projects: Number(r.pending ?? 0) }))
    .sort((a, b) => b.pending_projects - a.pending_projects || b.total_projects - a.total_projects || a.telecaller_name.localeCompare(b.telecaller_name));
}

/** A company list of projects, of one telecaller when given (one of the company's, else not found). */
export async function listCompanyProjects(
  deps: Deps,
  actor: SubadminActor,
  input: { list: CompanyProjectList; telecallerId?: number; page: number; pageSize: number; search?: string },
): Promise<Page<ProjectView>> {
  const company = await companyRules(deps.db, actor.subadminId);
  if (input.telecallerId !== undefined) {
    if (!(await companyHasUser(deps.db, actor.subadminId, input.telecallerId))) throw notFound('Telecaller');
  }
  const today = todayIn(company.timeZone);
  const page = await pageOfProjects(deps.db, actor.subadminId, { list: input.list, today, telecallerId: input.telecallerId, search: input.search }, input);
  return { ...page, items: page.items.map((p) => toView(p, { today, companyName: company.companyName })) };
}

async function deciderName(db: Kysely<DB>, actor: SubadminActor): Promise<string> {
  const s = await findCompany(db, actor.subadminId, ['name']);
  return s?.name ?? 'Company';
}

const MOVES = {
  approve: {
    from: PROJECT_STATUS.pending,
    to: PROJECT_STATUS.running,
    refused: 'Only a project waiting for approval can be approved.',
    done: 'Project approved.',
  },
  reject: {
    from: PROJECT_STATUS.pending,
    to: PROJECT_STATUS.rejected,
    refused: 'Only a project waiting for approval can be rejected.',
    done: 'Project rejected.',
  },
  complete: { from: PROJECT_STATUS.running, to: PROJECT_STATUS.completed, refused: 'Only a running project can be completed.', done: 'Project completed.' },
} as const;
export type ProjectMove = keyof typeof MOVES;

/**
 * Approve (0 -> 1), reject (0 -> 3, with the company's reason when given) or complete (1 -> 2); an
 * approval puts the advance in the ledger. The telecaller is told of an approval or a rejection.
 */
export async function moveProject(
  deps: Deps,
  actor: SubadminActor,
  id: number,
  move: ProjectMove,
  opts: { reason?: string } = {},
): Promise<{ message: string; status: number }> {
  const rule = MOVES[move];
  const name = move === 'approve' ? await deciderName(deps.db, actor) : '';
  const reason = move === 'reject' && opts.reason ? opts.reason : null;
  return deps.db.transaction().execute(async (trx) => {
    const p = await findProject(trx, actor.subadminId, id);
    const now = nowIso();
    const moved = await moveProjectRow(trx, actor.subadminId, p.id, rule.from, {
      status: rule.to,
      updated_at: now,
      ...(move === 'reject' ? { reject_reason: reason } : {}),
    });
    if (!moved) throw new AppError('CONFLICT', rule.refused);
    if (move === 'approve' && p.received_paise > 0) {
      await addLedgerEntry(trx, actor, { projectId: p.id, amount: p.received_paise, after: p.received_paise, kind: 'advance', requestId: null, name, now });
    }
    if (move !== 'complete') {
      const to = { subadminId: actor.subadminId, userId: p.telicaller_id };
      if (move === 'approve') await notifyUser(trx, to, 'projectApproved', { project: p.project_name });
      else await notifyUser(trx, to, 'projectRejected', reason ? { project: p.project_name, reason } : { project: p.project_name });
    }
    return { message: rule.done, status: rule.to };
  });
}

async function addLedgerEntry(
  trx: Transaction<DB>,
  actor: SubadminActor,
  e: { projectId: number; amount: number; after: number; kind: 'advance' | 'update'; requestId: number | null; name: string; now: string },
) {
  await insertPayment(trx, {
    subadmin_id: actor.subadminId,
    project_id: e.projectId,
    amount_paise: e.amount,
    received_after_paise: e.after,
    kind: e.kind,
    request_id: e.requestId,
    approved_by_kind: 'subadmin',
    approved_by_id: actor.id,
    approved_by_name: e.name,
    created_at: e.now,
  });
}

export interface PendingUpdate {
  id: number;
  project_id: number;
  telicaller_id: number;
  telecaller_name: string;
  created_at: string;
  current: UpdateValues;
  proposed: UpdateValues;
}
interface UpdateValues {
  project_name: string;
  clint_name: string;
  number: string;
  price: number;
  received: number;
  pending: number;
  commission_percentage: number;
  endtime: string;
}

/** The columns a project and its update request share, as the schema types them. */
type ProjectValues = Pick<
  Selectable<ProjectsTable>,
  'project_name' | 'clint_name' | 'number' | 'price_paise' | 'received_paise' | 'commission_percentage' | 'endtime'
>;

const valuesOf = (v: ProjectValues): UpdateValues => ({
  project_name: v.project_name,
  clint_name: v.clint_name,
  number: v.number,
  price: paiseToRupees(v.price_paise),
  received: paiseToRupees(v.received_paise),
  pending: paiseToRupees(v.price_paise - v.received_paise),
  commission_percentage: v.commission_percentage,
  endtime: v.endtime,
});

/** Pending Project Updates: the project as it is beside what the telecaller proposes, oldest first. */
export async function pendingUpdates(deps: Deps, actor: SubadminActor, input: { page: number; pageSize: number }): Promise<Page<PendingUpdate>> {
  const page = await pageOfPendingUpdates(deps.db, actor.subadminId, input);
  return {
    ...page,
    items: page.items.map((r) => ({
      id: r.id,
      project_id: r.project_id,
      telicaller_id: r.telicaller_id,
      telecaller_name: r.telecaller_name ?? 'Unknown',
      created_at: r.created_at,
      proposed: valuesOf(r),
      current: valuesOf({
        project_name: r.cur_name,
        clint_name: r.cur_client,
        number: r.cur_number,
        price_paise: r.cur_price,
        received_paise: r.cur_received,
        commission_percentage: r.cur_commission,
        endtime: r.cur_endtime,
      }),
    })),
  };
}

/**
 * Approve or reject a waiting update. Approval applies the proposed values, returns the project to
 * the status it had and writes any change of the money received to the ledger; rejection only
 * returns the project to its status.
 */
export async function decideUpdate(deps: Deps, actor: SubadminActor, input: { id: number; approve: boolean }): Promise<{ message: string }> {
  const name = await deciderName(deps.db, actor);
  return deps.db.transaction().execute(async (trx) => {
    const r = await findUpdateRequest(trx, actor.subadminId, input.id);
    if (!r) throw notFound('Update request');
    const now = nowIso();
    const decided = await decideUpdateRequest(trx, r.id, { approve: input.approve, by: actor.id, at: now });
    if (!decided) throw new AppError('CONFLICT', 'This update has already been decided.');
    const p = await findProject(trx, actor.subadminId, r.project_id);
    const back = p.status === PROJECT_STATUS.updateRequested && p.previous_status != null ? p.previous_status : p.status;
    const applied = input.approve
      ? {
          project_name: r.project_name,
          clint_name: r.clint_name,
          number: r.number,
          price_paise: r.price_paise,
          received_paise: r.received_paise,
          commission_percentage: r.commission_percentage,
          endtime: r.endtime,
        }
      : {};
    await updateProjectRow(trx, actor.subadminId, p.id, { ...applied, status: back, previous_status: null, updated_at: now });
    if (input.approve && r.received_paise !== p.received_paise) {
      await addLedgerEntry(trx, actor, {
        projectId: p.id,
        amount: r.received_paise - p.received_paise,
        after: r.received_paise,
        kind: 'update',
        requestId: r.id,
        name,
        now,
      });
    }
    await notifyUser(trx, { subadminId: actor.subadminId, userId: p.telicaller_id }, input.approve ? 'updateApproved' : 'updateRejected', {
      project: input.approve ? r.project_name : p.project_name,
    });
    return { message: input.approve ? PROJECT_MESSAGES.updateApproved : PROJECT_MESSAGES.updateRejected };
  });
}
