import { PostgresAdapter, sql, type Insertable, type Kysely, type Transaction } from 'kysely';
import type { DB } from '../../db/schema.js';

/** Rows a statement: one JSON parameter each, so no parameter limit applies. */
const ROWS_A_STATEMENT = 20_000;

/**
 * insertValueRows (lead-fields/values.ts) for an import's thousands of rows: each chunk one statement
 * over a JSON array, as leads themselves go in (leads.repository.ts insertStatement), instead of 7
 * bound parameters a row (the bench: bench/file-mapping.bench.ts).
 */
export async function insertValueRowsBulk(db: Kysely<DB> | Transaction<DB>, rows: readonly Insertable<DB['lead_values']>[]): Promise<void> {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  for (let i = 0; i < rows.length; i += ROWS_A_STATEMENT) {
    const json = JSON.stringify(
      rows.slice(i, i + ROWS_A_STATEMENT).map((r) => [r.lead_id, r.field_id, r.item ?? '', r.subadmin_id, r.v_text ?? null, r.v_num ?? null, r.v_long ?? null]),
    );
    const source = pg
      ? sql`select cast(e ->> 0 as integer) as lead_id, cast(e ->> 1 as integer) as field_id, e ->> 2 as item, cast(e ->> 3 as integer) as subadmin_id,
                   e ->> 4 as v_text, cast(e ->> 5 as double precision) as v_num, e ->> 6 as v_long from json_array_elements(cast(${json} as json)) e`
      : sql`select j.value ->> 0 as lead_id, j.value ->> 1 as field_id, j.value ->> 2 as item, j.value ->> 3 as subadmin_id,
                   j.value ->> 4 as v_text, j.value ->> 5 as v_num, j.value ->> 6 as v_long from json_each(${json}) j`;
    await sql`insert into lead_values (lead_id, field_id, item, subadmin_id, v_text, v_num, v_long) select * from (${source}) s`.execute(db);
  }
}
