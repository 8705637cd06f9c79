import type { z } from 'zod';
import type { Deps } from '../../deps.js';
import type { SubadminActor } from '../../auth/actor.js';
import { notFound } from '../../errors.js';
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
import { companyTimeZone } from '../company/company.service.js';
import { countByTelecaller, distinctCategories, findCompanyUser, latestLegacyLeads, pageOfTelecallerLeads, pageOfUploadedLeads } from './lists.repository.js';
import { leadExportChunks, type LeadExportJob } from './lead-export-chunks.js';
import { companyShape } from '../lead-fields/shape.service.js';
import { resolveFieldFilters, resolveFieldSort } from '../lead-fields/filters.js';
import { fieldValuesOfLeads } from '../lead-fields/values.js';
import type { FieldFilter, FieldSort } from '../../../shared/schemas/lead-field-filters.js';
import type { FieldDef, FieldWireValue } from '../../../shared/lead-fields.js';

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

/** The list's field filters and order read against the company's fields (a wrong one refused), and its fields. */
async function fieldListing(deps: Deps, subadminId: number, input: { fields?: FieldFilter[]; sortField?: FieldSort }) {
  const { fields } = await companyShape(deps.db, subadminId);
  return { fields, fieldFilters: resolveFieldFilters(fields, input.fields, deps.dialect), fieldSort: resolveFieldSort(fields, input.sortField) };
}

/** A page's leads with their field values: one query for the page. */
async function withValues<R extends { id: number }>(
  deps: Deps,
  subadminId: number,
  fields: readonly FieldDef[],
  items: R[],
): Promise<Array<R & { fields: Record<string, FieldWireValue> }>> {
  const values = await fieldValuesOfLeads(
    deps.db,
    subadminId,
    fields,
    items.map((r) => r.id),
  );
  return items.map((r) => ({ ...r, fields: values.get(r.id) ?? {} }));
}

export async function pageLeadsOfTelecaller(
  deps: Deps,
  actor: SubadminActor,
  input: Out<typeof OfTelecallerInput>,
): Promise<Page<TelecallerLeadRow> & { telecaller: TelecallerSummary }> {
  const telecaller = await companyTelecaller(deps, actor, input.telecallerId);
  const listing = await fieldListing(deps, actor.subadminId, input);
  const page = await pageOfTelecallerLeads(deps.db, actor.subadminId, telecaller.id, LEAD_LIST_STATUS[input.status], { ...input, ...listing });
  const items = await withValues(deps, actor.subadminId, listing.fields, page.items);
  return { ...page, items: items.map((r) => ({ ...r, status: r.status as LeadStatus })), telecaller };
}

/** The original API's lead list of one telecaller: the newest LEGACY_LEADS_CAP, with the full count. */
export async function legacyLeadsOfTelecaller(deps: Deps, actor: SubadminActor, telecallerId: number, list: LeadList) {
  const telecaller = await companyTelecaller(deps, actor, telecallerId);
  const page = await latestLegacyLeads(deps.db, actor.subadminId, telecaller.id, LEAD_LIST_STATUS[list], LEGACY_LEADS_CAP);
  return { leads: page.items, total: page.total };
}

export async function pageUploadedLeads(deps: Deps, actor: SubadminActor, input: Out<typeof UploadedLeadsInput>): Promise<Page<UploadedLeadRow>> {
  const listing = await fieldListing(deps, actor.subadminId, input);
  const page = await pageOfUploadedLeads(deps.db, actor.subadminId, { ...input, ...listing });
  const items = await withValues(deps, actor.subadminId, listing.fields, page.items);
  return {
    ...page,
    items: items.map(({ route_waiting, ...r }) => ({
      ...r,
      status: r.status as LeadStatus,
      assignee_name: r.assignee_name ?? null,
      waiting_for_routing: route_waiting === 1 && r.telicaller_id === null,
    })),
  };
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
  const timeZone = await companyTimeZone(deps.db, actor.subadminId);
  if (query.kind === 'telecaller') await companyTelecaller(deps, actor, query.telecallerId);
  const { fields, fieldFilters } = await fieldListing(deps, actor.subadminId, { fields: query.fields });
  const job: LeadExportJob = { subadminId: actor.subadminId, timeZone, query, fields, fieldFilters };
  return leadExportChunks(deps.db, deps.dialect, job);
}
