import type { z } from 'zod';
import type { Deps } from '../../deps.js';
import type { SubadminActor } from '../../auth/actor.js';
import { nowIso } from '../../db/dialect.js';
import { hashPassword } from '../../auth/passwords.js';
import { revokeSessionsOf } from '../../auth/sessions.js';
import { recordAudit } from '../audit/audit.service.js';
import { companyNotFound } from '../company/company.service.js';
import { findProfile, updateProfileRow } from './profile.repository.js';
import type { ProfileUpdateInput, SubadminProfile } from '../../../shared/schemas/profile.js';

export async function getProfile(deps: Deps, actor: SubadminActor): Promise<SubadminProfile> {
  const row = await findProfile(deps.db, actor.subadminId);
  if (!row) throw companyNotFound();
  return row;
}

/**
 * Updates what a sub-admin may change about itself. Email, mobile, expiry date and limit are not in
 * the input at all. A new password ends the sub-admin's other sessions; the current one stays.
 */
export async function updateProfile(deps: Deps, actor: SubadminActor, input: z.output<typeof ProfileUpdateInput>): Promise<SubadminProfile> {
  const passwordHash = input.password ? await hashPassword(input.password) : undefined;
  const row = await deps.db.transaction().execute(async (trx) => {
    const updated = await updateProfileRow(trx, actor.subadminId, {
      name: input.name,
      company_name: input.company_name,
      gst: input.gst,
      company_bio: input.company_bio,
      address: input.address,
      ...(input.time_zone ? { time_zone: input.time_zone } : {}),
      ...(passwordHash ? { password_hash: passwordHash } : {}),
      updated_at: nowIso(),
    });
    if (!updated) throw companyNotFound();
    if (passwordHash) await revokeSessionsOf(trx, 'subadmin', actor.id, actor.sessionId);
    return updated;
  });
  const changed = ['name', 'company_name', 'gst', 'company_bio', 'address', ...(input.time_zone ? ['time_zone'] : []), ...(passwordHash ? ['password'] : [])];
  await recordAudit(deps.db, actor, 'update', 'subadmin_profile', actor.subadminId, { fields: changed });
  return row;
}
