import { sql, type Kysely } from 'kysely';
import type { Migration } from './types.js';

/*
 * A call's cost, asked of the provider after the call ended (docs/telephony.md#calls-are-facts):
 * how many times it was asked and when it may be asked next. The maintenance round finds the calls
 * still to ask through calls_unpriced, which keeps only those (no cost yet, fewer than
 * MAX_COST_CHECKS asks: server/services/telephony/call-costs.service.ts, whose query repeats this
 * predicate word for word so both databases use the index), so it costs nothing however many calls
 * a company has made.
 */
async function up(db: Kysely<any>) {
  await db.schema
    .alterTable('calls')
    .addColumn('cost_checks', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('calls').addColumn('cost_check_after', 'text').execute();
  await sql`create index calls_unpriced on calls (ended_at) where cost is null and provider_call_id is not null and ended_at is not null and cost_checks < 6`.execute(
    db,
  );
}

export const callCosts: Migration = { name: '0031_call_costs', up };
