import type { z } from 'zod';
import type { Deps } from '../../deps.js';
import type { SubadminActor } from '../../auth/actor.js';
import { nowIso } from '../../db/dialect.js';
import { recordAudit } from '../audit/audit.service.js';
import { findIndiamartLink, findIndiamartSettings, upsertIndiamartSettings } from './settings.repository.js';
import type { IndiamartInput, IndiamartSettings } from '../../../shared/schemas/settings.js';

export async function getIndiamart(deps: Deps, actor: SubadminActor): Promise<IndiamartSettings> {
  const row = await findIndiamartSettings(deps.db, actor.subadminId);
  if (!row) {
    return { configured: false, api_link: '', mobile_number: '', updated_at: null, last_pull_at: null, last_pull_code: null, last_pull_message: null };
  }
  return { configured: true, ...row };
}

/** Saves the company's IndiaMART pull settings (one row per company). */
export async function saveIndiamart(deps: Deps, actor: SubadminActor, input: z.output<typeof IndiamartInput>): Promise<IndiamartSettings> {
  const now = nowIso();
  const before = await findIndiamartLink(deps.db, actor.subadminId);
  // A new link is another key (or account): its pulls start afresh, with their own rate limit.
  const linkChanged = before !== undefined && before.api_link !== input.api_link;
  const resetPulls = linkChanged ? { last_pull_at: null, last_pull_code: null, last_pull_message: null, last_window_end: null } : {};
  await upsertIndiamartSettings(
    deps.db,
    {
      subadmin_id: actor.subadminId,
      api_link: input.api_link,
      mobile_number: input.mobile_number,
      updated_at: now,
      last_pull_at: null,
      last_pull_code: null,
      last_pull_message: null,
      last_window_end: null,
    },
    { api_link: input.api_link, mobile_number: input.mobile_number, updated_at: now, ...resetPulls },
  );
  // The link carries the account's API key: the trail records that it changed, not its value.
  await recordAudit(deps.db, actor, 'update', 'indiamart_settings', actor.subadminId, { mobile_number: input.mobile_number });
  return getIndiamart(deps, actor);
}
