import type { z } from 'zod';
import type { Deps } from '../../deps.js';
import type { SubadminActor } from '../../auth/actor.js';
import { nowIso } from '../../db/dialect.js';
import { recordAudit } from '../audit/audit.service.js';
import { companyNotFound, requireCompany } from '../company/company.service.js';
import { updateCompany } from '../company/company.repository.js';
import type { LeadWorkSettings, LeadWorkSettingsInput } from '../../../shared/schemas/lead-work.js';

/** The company's lead-work rules: retry delay, attempt limit, WhatsApp message, and whether telecallers may export their leads. */
export async function getLeadWorkSettings(deps: Deps, actor: SubadminActor): Promise<LeadWorkSettings> {
  const row = await requireCompany(deps.db, actor.subadminId, [
    'retry_delay_minutes',
    'attempt_limit',
    'whatsapp_template',
    'company_name',
    'caller_exports_allowed',
  ]);
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
  if ((await updateCompany(deps.db, actor.subadminId, { ...values, updated_at: nowIso() })) === 0) throw companyNotFound();
  await recordAudit(deps.db, actor, 'update', 'lead_work_settings', actor.subadminId, values);
  return getLeadWorkSettings(deps, actor);
}
