import type { z } from 'zod';
import type { Deps } from '../../deps.js';
import type { SubadminActor } from '../../auth/actor.js';
import { nowIso } from '../../db/dialect.js';
import { notFound } from '../../errors.js';
import { recordAudit } from '../audit/audit.service.js';
import type { LeadWorkSettings, LeadWorkSettingsInput } from '../../../shared/schemas/lead-work.js';

/** The company's lead-work rules: retry delay, attempt limit, WhatsApp message, and whether telecallers may export their leads. */
export async function getLeadWorkSettings(deps: Deps, actor: SubadminActor): Promise<LeadWorkSettings> {
  const row = await deps.db
    .selectFrom('subadmins')
    .select(['retry_delay_minutes', 'attempt_limit', 'whatsapp_template', 'company_name', 'caller_exports_allowed'])
    .where('id', '=', actor.subadminId)
    .executeTakeFirst();
  if (!row) throw notFound('Company');
  return { ...row, caller_exports_allowed: row.caller_exports_allowed !== 0 };
}

/** Saves the rules; lead work reads them on its next call (companyRules). */
export async function saveLeadWorkSettings(deps: Deps, actor: SubadminActor, input: z.output<typeof LeadWorkSettingsInput>): Promise<LeadWorkSettings> {
  const values = {
    retry_delay_minutes: input.retry_delay_minutes,
    attempt_limit: input.attempt_limit,
    whatsapp_template: input.whatsapp_template,
    // Left out (an older client): unchanged.
    ...(input.caller_exports_allowed === undefined ? {} : { caller_exports_allowed: input.caller_exports_allowed ? 1 : 0 }),
  };
  const result = await deps.db
    .updateTable('subadmins')
    .set({ ...values, updated_at: nowIso() })
    .where('id', '=', actor.subadminId)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) === 0) throw notFound('Company');
  await recordAudit(deps.db, actor, 'update', 'lead_work_settings', actor.subadminId, values);
  return getLeadWorkSettings(deps, actor);
}
