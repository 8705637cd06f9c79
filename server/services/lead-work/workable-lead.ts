import type { Kysely } from 'kysely';
import type { Deps } from '../../deps.js';
import type { DB } from '../../db/schema.js';
import type { UserActor } from '../../auth/actor.js';
import { AppError, notFound } from '../../errors.js';
import { MESSAGES } from '../../../shared/schemas/lead-work.js';
import { findWorkableLead, lockWorkableLead, type WorkableLead } from './queues.repository.js';

/** A lead the user may read and write (assigned to it, or handed to it as a head); any other is not found. */
export async function workableLead(db: Kysely<DB>, actor: UserActor, leadId: number): Promise<WorkableLead> {
  const lead = await findWorkableLead(db, actor.subadminId, actor.id, leadId);
  if (!lead) throw notFound('Lead');
  return lead;
}

/** The lead was handed to this head and is not the head's own: the head's form applies. */
export const isHandedTo = (lead: WorkableLead, actor: UserActor) => lead.handler_id === actor.id && lead.telicaller_id !== actor.id;

/** A head's own submit closes a lead handed to it: from then on the head only reads it. */
export function assertWritable(lead: WorkableLead, actor: UserActor) {
  if (isHandedTo(lead, actor) && lead.submit_status === '1') throw new AppError('FORBIDDEN', MESSAGES.headSubmitted);
}

/** The lead again, inside the write transaction and locked there; it may have been taken back meanwhile. */
export async function lockedLead(trx: Kysely<DB>, deps: Deps, actor: UserActor, leadId: number): Promise<WorkableLead> {
  const lead = await lockWorkableLead(trx, deps.dialect, actor.subadminId, actor.id, leadId);
  if (!lead) throw notFound('Lead');
  return lead;
}
