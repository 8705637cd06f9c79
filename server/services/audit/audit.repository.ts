import type { Insertable, Kysely } from 'kysely';
import type { AuditLogTable, DB } from '../../db/schema.js';

export async function insertAuditEntry(db: Kysely<DB>, entry: Insertable<AuditLogTable>): Promise<void> {
  await db.insertInto('audit_log').values(entry).execute();
}
