import { sql, type Kysely } from 'kysely';
import type { Migration } from './types.js';

/*
 * The calls a provider said had ended without saying how (docs/telephony.md#calls-are-facts): the
 * maintenance round settles them, and finds them through this index of only such calls, so it costs
 * nothing however many calls a company has made.
 */
async function up(db: Kysely<any>) {
  await sql`create index calls_unsettled on calls (ended_at) where ended_at is not null and status in ('placing', 'ringing', 'in_progress')`.execute(db);
}

export const unsettledCalls: Migration = { name: '0030_unsettled_calls', up };
