import type { z } from 'zod';
import type { Deps } from '../../deps.js';
import type { SubadminActor, UserActor } from '../../auth/actor.js';
import { isTelecallerType } from '../../auth/actor.js';
import { AppError } from '../../errors.js';
import { nowIso } from '../../db/dialect.js';
import { findLeadIdByMobile, findLeadOwnerByMobile, insertLeads } from './leads.repository.js';
import { importLeadsCsv, type CsvImportInput } from './csv-import.js';
import { receiveLead } from '../routing/arrivals.service.js';
import { getBatchReport, listUploadHistory } from './upload-batches.js';
import fs from 'node:fs';
import { removeStaged, stagedPath } from './staged-files.js';
import { saveMapping } from './import-mappings.js';
import { analyseFile as analyse } from './file-analysis.js';
import type { AnalyseFileInput, FileAnalysis, ImportFileInput } from '../../../shared/schemas/file-import.js';
import type { Page } from '../../../shared/schemas/paging.js';
import type { AddLeadInput, AddedLead, BatchIdInput, BatchReport, UploadHistoryInput, UploadHistoryRow, UploadResult } from '../../../shared/schemas/intake.js';

import { companyShape } from '../lead-fields/shape.service.js';
import { readFieldInput } from '../lead-fields/values.js';
import { writeNewLeadDetails, type ArrivingDetails } from '../routing/arriving-details.js';
import { addLeadIssues, EMAIL_FIELD } from '../../../shared/lead-form-rules.js';
import { readFieldValue } from '../../../shared/lead-fields.js';
import type { CompanyShape } from '../../../shared/company-shape.js';

type Out<S extends z.ZodType> = z.output<S>;
/** Add Lead's values; email may be left out (the tests' and other callers' leads have none). */
type AddLeadValues = Omit<Out<typeof AddLeadInput>, 'email'> & { email?: string | null };

/** CSV upload by a sub-admin (see csv-import.ts for the rules). */
export function uploadCsv(deps: Deps, actor: SubadminActor, input: CsvImportInput): Promise<UploadResult> {
  return importLeadsCsv(deps, actor, input);
}

/** A chosen file's columns, their targets and its first rows as they would be stored (file-analysis.ts). */
export function analyseFile(deps: Deps, actor: SubadminActor, input: Out<typeof AnalyseFileInput>): Promise<FileAnalysis> {
  return analyse(deps, actor, input);
}

/**
 * Imports a chosen (staged) file with the company's mapping, saving the mapping for files with the
 * same columns when asked. The staged file is removed once the import has read it, whatever came of it.
 */
export async function importFile(deps: Deps, actor: SubadminActor, input: Out<typeof ImportFileInput>): Promise<UploadResult> {
  const file = await stagedPath(deps, actor.subadminId, input.fileId);
  const { columns } = await analyse(deps, actor, { fileId: input.fileId, targets: input.targets });
  if (input.save)
    await saveMapping(
      deps.db,
      actor.subadminId,
      columns.map((c) => c.header),
      input.targets,
      input.fileName,
    );
  try {
    return await importLeadsCsv(deps, actor, {
      category: input.category,
      fileName: input.fileName,
      source: fs.createReadStream(file),
      routeNow: input.routeNow,
      targets: input.targets,
    });
  } finally {
    await removeStaged(deps, actor.subadminId, input.fileId);
  }
}

export function uploadHistory(deps: Deps, actor: SubadminActor, input: Out<typeof UploadHistoryInput>): Promise<Page<UploadHistoryRow>> {
  return listUploadHistory(deps, actor, { page: input.page, pageSize: input.pageSize });
}

export function uploadReport(deps: Deps, actor: SubadminActor, input: Out<typeof BatchIdInput>): Promise<BatchReport> {
  return getBatchReport(deps, actor, input.id);
}

/** Why a mobile cannot be added: whose lead it already is. */
async function duplicateMessage(deps: Deps, subadminId: number, mobile: string): Promise<string> {
  const existing = await findLeadOwnerByMobile(deps.db, subadminId, mobile);
  if (existing && !existing.visible) return 'This mobile is already in an upload that is still running.';
  if (existing?.telicaller_id) return `This mobile is already a lead (${existing.owner ?? 'Unknown'}'s).`;
  return 'This mobile is already a lead (unassigned).';
}

/**
 * One lead typed in by hand. A sub-admin's goes to routing when the company routes Add Lead, else to
 * the pool; a telecaller's or head's goes straight into their own queue (assigned to them, sent
 * now, status new). A mobile the company already has is refused with whose lead it is: the person
 * typing it learns that at once (a source's repeat enquiry instead goes to the lead, docs/routing.md).
 */
export async function addLead(deps: Deps, actor: SubadminActor | UserActor, input: AddLeadValues): Promise<AddedLead> {
  if (actor.kind === 'user' && !isTelecallerType(actor.userType)) throw new AppError('FORBIDDEN', 'You do not have access to this.');
  const assignTo = actor.kind === 'user' ? actor.id : null;
  const shape = await companyShape(deps.db, actor.subadminId);
  const issues = addLeadIssues(shape, input, actor.kind === 'user' ? 'caller' : 'company');
  const first = Object.values(issues)[0];
  if (first) throw new AppError('BAD_REQUEST', first, issues);
  const lead = { name: input.name, mobile: input.mobile, requirement: input.requirement.replace(/\r\n?/g, '\n'), area: input.area };
  if (actor.kind === 'subadmin') {
    if (await findLeadOwnerByMobile(deps.db, actor.subadminId, input.mobile))
      throw new AppError('CONFLICT', await duplicateMessage(deps, actor.subadminId, input.mobile));
    // The details arrive with the lead, in its transaction: a routing rule on a field sees its value.
    const arrival = await receiveLead(
      deps,
      actor.subadminId,
      'add_lead',
      { ...lead, category: input.category, ...addedDetails(shape, input) },
      new Date(),
      shape.fields,
    );
    if (arrival.outcome !== 'new') throw new AppError('CONFLICT', await duplicateMessage(deps, actor.subadminId, input.mobile));
    const routing = arrival.routedTo ? { to: arrival.routedTo.name } : arrival.waiting ? ('waiting' as const) : null;
    return { id: arrival.leadId, ...lead, category: input.category, telicallerId: arrival.routedTo?.id ?? null, routing };
  }
  const details = addedDetails(shape, input);
  const row = await deps.db.transaction().execute(async (trx) => {
    const inserted = await insertLeads(trx, { subadminId: actor.subadminId, category: input.category, batchId: null, visible: 1, now: nowIso(), assignTo }, [
      lead,
    ]);
    if (inserted === 0) return null;
    const added = await findLeadIdByMobile(trx, actor.subadminId, input.mobile);
    await writeNewLeadDetails(trx, actor.subadminId, shape.fields, [{ leadId: added.id, details }]);
    return added;
  });
  if (!row) throw new AppError('CONFLICT', await duplicateMessage(deps, actor.subadminId, input.mobile));
  return { id: row.id, ...lead, category: input.category, telicallerId: assignTo, routing: null };
}

/** Add Lead's email and field values, read as they were checked (nothing here can be refused). */
function addedDetails(shape: CompanyShape, input: AddLeadValues): ArrivingDetails {
  const email = input.email ? readFieldValue(EMAIL_FIELD, input.email) : null;
  return { email: email?.ok ? (email.values[0]?.text ?? null) : null, values: readFieldInput(shape.fields, input.fields).values };
}
