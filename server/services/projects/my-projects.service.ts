import type { Deps } from '../../deps.js';
import type { UserActor } from '../../auth/actor.js';
import { AppError, notFound } from '../../errors.js';
import { nowIso } from '../../db/dialect.js';
import type { Page } from '../../../shared/schemas/paging.js';
import { PROJECT_STATUS } from '../../../shared/constants.js';
import { todayIn } from '../../../shared/dates.js';
import { paiseToRupees } from '../../../shared/money.js';
import { PROJECT_MESSAGES, type CreateProject, type MyProjectList, type ProjectUpdate } from '../../../shared/schemas/projects.js';
import { toView, type ProjectView } from './project-view.js';
import {
  countProjectsOf,
  findHeldLead,
  findProject,
  insertProject,
  insertUpdateRequest,
  ledgerOf,
  moveProjectRow,
  pageOfProjects,
  pendingRequestOf,
} from './projects.repository.js';
import { companyRules } from '../company/company.service.js';

/** Create Project: pending approval (0); the advance counts as received once the company approves it. */
export async function createProject(deps: Deps, actor: UserActor, input: CreateProject): Promise<{ id: number; message: string }> {
  if (input.lead_id !== undefined) {
    // Only a lead the telecaller holds, or was handed as head, can be the project's lead.
    const lead = await findHeldLead(deps.db, actor.subadminId, input.lead_id, actor.id);
    if (!lead) throw notFound('Lead');
  }
  const now = nowIso();
  const row = await insertProject(deps.db, {
    subadmin_id: actor.subadminId,
    telicaller_id: actor.id,
    project_name: input.project_name,
    clint_name: input.clint_name,
    number: input.number,
    price_paise: input.price,
    received_paise: input.advance,
    advance_paise: input.advance,
    commission_percentage: input.commission_percentage,
    endtime: input.endtime,
    status: PROJECT_STATUS.pending,
    previous_status: null,
    lead_id: input.lead_id ?? null,
    created_at: now,
    updated_at: now,
  });
  return { id: row.id, message: PROJECT_MESSAGES.created };
}

export async function listMyProjects(
  deps: Deps,
  actor: UserActor,
  input: { list: MyProjectList; page: number; pageSize: number; search?: string },
): Promise<Page<ProjectView>> {
  const company = await companyRules(deps.db, actor.subadminId);
  const today = todayIn(company.timeZone);
  const page = await pageOfProjects(deps.db, actor.subadminId, { list: input.list, today, telecallerId: actor.id, search: input.search }, input);
  return { ...page, items: page.items.map((p) => toView(p, { today, companyName: company.companyName })) };
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
    const moved = await moveProjectRow(trx, actor.subadminId, p.id, p.status, {
      status: PROJECT_STATUS.updateRequested,
      previous_status: p.status,
      updated_at: now,
    });
    if (!moved) throw new AppError('CONFLICT', PROJECT_MESSAGES.updateWaiting);
    const row = await insertUpdateRequest(trx, {
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
    });
    return { message: PROJECT_MESSAGES.updateSent, requestId: row.id };
  });
}

/** The telecaller's project counts: waiting for approval, running, completed, rejected, delayed. */
export async function countMyProjects(deps: Deps, actor: UserActor) {
  const company = await companyRules(deps.db, actor.subadminId);
  const today = todayIn(company.timeZone);
  return countProjectsOf(deps.db, actor.subadminId, actor.id, today);
}
