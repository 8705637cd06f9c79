import type { z } from 'zod';
import type { Deps } from '../../deps.js';
import type { SubadminActor } from '../../auth/actor.js';
import { notFound } from '../../errors.js';
import { paginate } from '../../db/paging.js';
import type { LeadStatus } from '../../../shared/lead-status.js';
import type { Page } from '../../../shared/schemas/paging.js';
import {
  LEAD_LIST_STATUS,
  type ByTelecallerInput,
  type LeadExportQuery,
  type LeadList,
  type OfTelecallerInput,
  type TelecallerLeadCount,
  type TelecallerLeadRow,
  type TelecallerSummary,
  type UploadedLeadRow,
  type UploadedLeadsInput,
} from '../../../shared/schemas/lead-lists.js';
import { DEFAULT_TIME_ZONE } from '../../../shared/dates.js';
import {
  countByTelecaller,
  distinctCategories,
  findCompanyUser,
  leadsOfTelecaller,
  selectLegacyLead,
  selectTelecallerLead,
  selectUploadedLead,
  uploadedLeads,
} from './lists.repository.js';
import { leadExportChunks, type LeadExportJob } from './lead-export-chunks.js';

type Out<S extends z.ZodType> = z.output<S>;

/** The original API's per-telecaller lead lists answer at most this many leads (newest activity first). */
export const LEGACY_LEADS_CAP = 1000;

const toSummary = (u: {
  id: number;
  name: string;
  user_type: TelecallerSummary['user_type'];
  is_blocked: number;
  deleted_at: string | null;
}): TelecallerSummary => ({ id: u.id, name: u.name, user_type: u.user_type, blocked: Boolean(u.is_blocked), deleted: u.deleted_at !== null });

/** Every user of the company holding leads of the list, most leads first (not paged; the legacy lists use it). */
export async function listTelecallerCounts(deps: Deps, actor: SubadminActor, list: LeadList, search?: string): Promise<TelecallerLeadCount[]> {
  const rows = await countByTelecaller(deps.db, actor.subadminId, LEAD_LIST_STATUS[list], search);
  return rows.map((r) => ({ ...toSummary(r), count: Number(r.count) }));
}

export async function pageTelecallerCounts(
  deps: Deps,
  actor: SubadminActor,
  input: Out<typeof ByTelecallerInput>,
): Promise<Page<TelecallerLeadCount> & { leadTotal: number }> {
  // A company has at most a few hundred users: one grouped query, paged here.
  const all = await listTelecallerCounts(deps, actor, input.status, input.search);
  const start = (input.page - 1) * input.pageSize;
  return {
    items: all.slice(start, start + input.pageSize),
    total: all.length,
    page: input.page,
    pageSize: input.pageSize,
    leadTotal: all.reduce((n, r) => n + r.count, 0),
  };
}

/** A user of the actor's company; another company's id answers exactly like a missing one. */
async function companyTelecaller(deps: Deps, actor: SubadminActor, id: number): Promise<TelecallerSummary> {
  const user = await findCompanyUser(deps.db, actor.subadminId, id);
  if (!user) throw notFound('Telecaller');
  return toSummary(user);
}

export async function pageLeadsOfTelecaller(
  deps: Deps,
  actor: SubadminActor,
  input: Out<typeof OfTelecallerInput>,
): Promise<Page<TelecallerLeadRow> & { telecaller: TelecallerSummary }> {
  const telecaller = await companyTelecaller(deps, actor, input.telecallerId);
  const base = leadsOfTelecaller(deps.db, actor.subadminId, telecaller.id, LEAD_LIST_STATUS[input.status], input.search);
  const page = await paginate(base, input, (q) => selectTelecallerLead(q).orderBy('l.updated_at', 'desc').orderBy('l.id', 'desc'));
  return { ...page, items: page.items.map((r) => ({ ...r, status: r.status as LeadStatus })), telecaller };
}

/** The original API's lead list of one telecaller: the newest LEGACY_LEADS_CAP, with the full count. */
export async function legacyLeadsOfTelecaller(deps: Deps, actor: SubadminActor, telecallerId: number, list: LeadList) {
  const page = await paginate(
    leadsOfTelecaller(deps.db, actor.subadminId, (await companyTelecaller(deps, actor, telecallerId)).id, LEAD_LIST_STATUS[list]),
    { page: 1, pageSize: LEGACY_LEADS_CAP },
    (q) => selectLegacyLead(q).orderBy('l.updated_at', 'desc').orderBy('l.id', 'desc'),
  );
  return { leads: page.items, total: page.total };
}

export async function pageUploadedLeads(deps: Deps, actor: SubadminActor, input: Out<typeof UploadedLeadsInput>): Promise<Page<UploadedLeadRow>> {
  const page = await paginate(uploadedLeads(deps.db, actor.subadminId, input), input, (q) => selectUploadedLead(q).orderBy('l.id', 'desc'));
  return { ...page, items: page.items.map((r) => ({ ...r, status: r.status as LeadStatus, assignee_name: r.assignee_name ?? null })) };
}

export function listCategories(deps: Deps, actor: SubadminActor) {
  return distinctCategories(deps.db, actor.subadminId);
}

/**
 * Checks the request (a telecaller of another company answers NOT_FOUND before anything is sent),
 * then gives the CSV as chunks read page by page (keyset on id), for the transport to stream. (On a
 * worker thread, with a connection of its own, a 500,000-lead export stalled other requests more on
 * a two-core machine, and took three times as long: the slices between turns of the event loop are
 * the cheaper way.)
 */
export async function openLeadExport(deps: Deps, actor: SubadminActor, query: LeadExportQuery): Promise<AsyncIterable<Buffer>> {
  const company = await deps.db.selectFrom('subadmins').select('time_zone').where('id', '=', actor.subadminId).executeTakeFirst();
  if (query.kind === 'telecaller') await companyTelecaller(deps, actor, query.telecallerId);
  const job: LeadExportJob = { subadminId: actor.subadminId, timeZone: company?.time_zone || DEFAULT_TIME_ZONE, query };
  return leadExportChunks(deps.db, deps.dialect, job);
}
