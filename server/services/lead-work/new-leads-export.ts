import type { Deps } from '../../deps.js';
import type { UserActor } from '../../auth/actor.js';
import { yieldToOthers } from '../../db/paging.js';
import { UTF8_BOM, csvLine, zonedTimeFormatter } from '../leads/lead-export.js';
import { EXPORT_WORK_COLUMNS, exportHeader, exportLines, extraLabelsOf, ownerNames } from '../leads/export-columns.js';
import { lastLeadId } from '../leads/lists.repository.js';
import { companyShape } from '../lead-fields/shape.service.js';
import { queueLeads, scopeOf } from './queues.repository.js';
import { companyRules } from '../company/company.service.js';
import { assertCallerExportsAllowed } from './caller-exports.js';

/** Rows read per query; a user's new leads are few, but a bulk distribution may hand out thousands. */
const EXPORT_PAGE = 250;

/**
 * The signed-in user's New Leads as leads.csv, with the same columns as the company's export: the
 * leads the queue lists (with the same search), read page by page by id for the transport to stream.
 */
export async function openNewLeadsExport(deps: Deps, actor: UserActor, search?: string): Promise<AsyncIterable<Buffer>> {
  await assertCallerExportsAllowed(deps.db, actor);
  const rules = await companyRules(deps.db, actor.subadminId);
  const base = queueLeads(deps.db, 'new', scopeOf(actor, rules), search);
  const formatTime = zonedTimeFormatter(rules.timeZone);
  const { fields } = await companyShape(deps.db, actor.subadminId);

  return (async function* () {
    const [extraLabels, owners] = await Promise.all([
      lastLeadId(deps.db).then((last) => extraLabelsOf(deps.db, deps.dialect, base, last)),
      ownerNames(deps.db, actor.subadminId),
    ]);
    const shape = { fields, extraLabels, owners };
    yield Buffer.from(UTF8_BOM + csvLine(exportHeader(shape)));
    let after = 0;
    for (;;) {
      const rows = await base
        .select(['l.id', 'l.name', 'l.mobile', 'l.requirement', 'l.area', 'l.category', 'l.upload_date', ...EXPORT_WORK_COLUMNS])
        .where('l.id', '>', after)
        .orderBy('l.id')
        .limit(EXPORT_PAGE)
        .execute();
      if (rows.length === 0) return;
      yield Buffer.from(await exportLines(deps.db, actor.subadminId, shape, rows, formatTime));
      if (rows.length < EXPORT_PAGE) return;
      after = rows[rows.length - 1]!.id;
      await yieldToOthers();
    }
  })();
}
