import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import type { Actor } from '../../auth/actor.js';
import { nowIso } from '../../db/dialect.js';
import { insertAuditEntry } from './audit.repository.js';

/** Records who did what; a login-as session records the sub-admin behind it too. */
export async function recordAudit(
  db: Kysely<DB>,
  actor: Actor,
  action: string,
  entity: string,
  entityId: number | null,
  detail?: Record<string, unknown>,
): Promise<void> {
  await insertAuditEntry(db, {
    subadmin_id: actor.subadminId,
    actor_kind: actor.kind,
    actor_id: actor.id,
    impersonated_by: actor.kind === 'user' ? actor.impersonatedBy : null,
    action,
    entity,
    entity_id: entityId,
    detail: detail ? JSON.stringify(detail) : null,
    created_at: nowIso(),
  });
}
