import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import { watchedCache } from '../../db/watched-cache.js';
import { SUBMIT_STATUSES, type SubmitStatus } from '../../../shared/lead-status.js';
import type { CompanyShape, FeedbackChoice } from '../../../shared/company-shape.js';
import type { FieldDef } from '../../../shared/lead-fields.js';
import { choiceRowsOf, fieldRowsOf, toFeedbackChoice, toFieldDef } from './fields.repository.js';

/**
 * The company's fields and feedback choices (docs/lead-fields.md). Every lead form, list, import and
 * capture reads it, so it is a kept read, forgotten on any write to its tables
 * (docs/architecture.md#kept-reads).
 */
export function companyShape(db: Kysely<DB>, subadminId: number): Promise<CompanyShape> {
  return keptShapes(db, subadminId, async () => {
    const [fieldRows, choiceRows] = await Promise.all([fieldRowsOf(db, subadminId), choiceRowsOf(db, subadminId)]);
    const fields = fieldRows.map(toFieldDef).filter((f): f is FieldDef => f !== null);
    const feedback = Object.fromEntries(SUBMIT_STATUSES.map((s) => [s, [] as FeedbackChoice[]])) as Record<SubmitStatus, FeedbackChoice[]>;
    for (const row of choiceRows) feedback[row.status as SubmitStatus]?.push(toFeedbackChoice(row));
    return { fields, feedback };
  });
}

const keptShapes = watchedCache<CompanyShape>({ maxEntries: 2_000 });
