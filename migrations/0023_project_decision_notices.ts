import type { Kysely } from 'kysely';
import type { Migration } from './types.js';

/*
 * Why the company rejected a project, kept with it for the telecaller to read; and a notice's kind
 * with its values, so that the telecaller's area can say a notice the server wrote (a project
 * approved or rejected, a payment update decided) in the reader's language.
 */
async function up(db: Kysely<any>) {
  await db.schema.alterTable('projects').addColumn('reject_reason', 'text').execute();
  await db.schema.alterTable('notifications').addColumn('kind', 'text').execute();
  await db.schema.alterTable('notifications').addColumn('params', 'text').execute();
}

export const projectDecisionNotices: Migration = { name: '0023_project_decision_notices', up };
