import type { Deps } from '../../deps.js';
import type { UserActor } from '../../auth/actor.js';
import { yieldToOthers } from '../../db/paging.js';
import { EXPORT_HEADER, UTF8_BOM, csvLine, exportLine, zonedTimeFormatter } from '../leads/lead-export.js';
import { queueLeads } from './queues.repository.js';
import { companyRules, scopeOf } from './lead-work.service.js';
import { assertCallerExportsAllowed } from './caller-exports.js';

/** Rows read per query; a user's new leads are few, but a bulk distribution may hand out thousands. */
const EXPORT_PAGE = 250;

/**
 * The signed-in user's New Leads as leads.csv: the leads the queue lists
 * (with the same search), read page by page by id for the transport to stream.
 */
export async function openNewLeadsExport(deps: Deps, actor: UserActor, search?: string): Promise<AsyncIterable<Buffer>> {
  await assertCallerExportsAllowed(deps.db, actor);
  const rules = await companyRules(deps.db, actor.subadminId);
  const base = queueLeads(deps.db, 'new', scopeOf(actor, rules), search);
  const formatTime = zonedTimeFormatter(rules.timeZone);

  return (async function* () {
    yield Buffer.from(UTF8_BOM + csvLine([...EXPORT_HEADER]));
    let after = 0;
    for (;;) {
      const rows = await base
        .select(['l.id', 'l.name', 'l.mobile', 'l.requirement', 'l.area', 'l.category', 'l.upload_date'])
        .where('l.id', '>', after)
        .orderBy('l.id')
        .limit(EXPORT_PAGE)
        .execute();
      if (rows.length === 0) return;
      yield Buffer.from(rows.map((r) => exportLine(r, formatTime)).join(''));
      if (rows.length < EXPORT_PAGE) return;
      after = rows[rows.length - 1]!.id;
      await yieldToOthers();
    }
  })();
}
