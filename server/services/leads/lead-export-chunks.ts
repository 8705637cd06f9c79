import type { Kysely } from 'kysely';
import type { Dialect } from '../../db/database.js';
import type { DB } from '../../db/schema.js';
import { yieldToOthers } from '../../db/paging.js';
import { LEAD_LIST_STATUS, type LeadExportQuery } from '../../../shared/schemas/lead-lists.js';
import type { FieldDef } from '../../../shared/lead-fields.js';
import { UTF8_BOM, csvLine, zonedTimeFormatter } from './lead-export.js';
import { exportPage, lastLeadId, leadsOfTelecaller, uploadedLeads } from './lists.repository.js';
import type { ResolvedFieldFilter } from '../lead-fields/filters.js';
import { exportHeader, exportLines, extraLabelsOf, ownerNames } from './export-columns.js';

/** Rows an export reads per query: memory stays flat however many leads the company has. */
export const EXPORT_PAGE = 1000;
/** Rows turned into CSV between two turns of the event loop: other requests wait for one slice at most. */
export const EXPORT_SLICE = 250;
/** Ids one export query may walk: a filter matching few leads still reads a bounded range per query. */
export const EXPORT_ID_SPAN = 10_000;

/** An export the caller may make (its telecaller already found in its company, its filters read). */
export interface LeadExportJob {
  subadminId: number;
  timeZone: string;
  query: LeadExportQuery;
  /** the company's fields, retired ones too: a column each */
  fields: readonly FieldDef[];
  fieldFilters: readonly ResolvedFieldFilter[];
}

/** leads.csv as chunks, read page by page (keyset on id over bounded id ranges). */
export async function* leadExportChunks(db: Kysely<DB>, dialect: Dialect, job: LeadExportJob): AsyncGenerator<Buffer> {
  const { query, subadminId } = job;
  const formatTime = zonedTimeFormatter(job.timeZone);
  const base =
    query.kind === 'telecaller'
      ? leadsOfTelecaller(db, subadminId, query.telecallerId, LEAD_LIST_STATUS[query.status], query.search, job.fieldFilters)
      : uploadedLeads(db, subadminId, { ...query, fieldFilters: job.fieldFilters });
  const last = await lastLeadId(db);
  const [extraLabels, owners] = await Promise.all([extraLabelsOf(db, dialect, base, last), ownerNames(db, subadminId)]);
  const shape = { fields: job.fields, extraLabels, owners };
  yield Buffer.from(UTF8_BOM + csvLine(exportHeader(shape)));
  for (let after = 0; after < last; ) {
    const through = Math.min(after + EXPORT_ID_SPAN, last);
    const rows = await exportPage(db, dialect, base, after, through, EXPORT_PAGE);
    for (let i = 0; i < rows.length; i += EXPORT_SLICE) {
      yield Buffer.from(await exportLines(db, subadminId, shape, rows.slice(i, i + EXPORT_SLICE), formatTime));
      await yieldToOthers();
    }
    after = rows.length === EXPORT_PAGE ? rows[rows.length - 1]!.id : through;
    await yieldToOthers();
  }
}
