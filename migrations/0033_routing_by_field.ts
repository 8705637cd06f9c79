import type { Kysely } from 'kysely';
import type { Migration } from './types.js';

/*
 * A routing rule may look at one of the company's lead fields (docs/routing.md#rules): such a rule's
 * `field` is 'field' and it names the field by id, so that it survives a rename of the field; a
 * retired field's rule stops matching (fields are retired, never deleted).
 */
async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('routing_rules')
    .addColumn('field_id', 'integer', (c) => c.references('lead_fields.id').onDelete('cascade'))
    .execute();
}

export const routingByField: Migration = { name: '0033_routing_by_field', up };
