import type { Deps } from '../../deps.js';
import type { UserActor } from '../../auth/actor.js';
import { addDays, startOfDayUtc } from '../../../shared/dates.js';
import type { LeadQuality } from '../../../shared/schemas/lead-work.js';
import type { LeadQualityQuery, QualityPage } from '../../../shared/schemas/lead-quality.js';
import { companyRules } from '../company/company.service.js';
import { countRatedLeads, pageRatedLeads, type QualityRange } from './quality.repository.js';

/** From the start of the From day to the end of the To day, both in the company's time zone. */
export function qualityRange(from: string | undefined, to: string | undefined, timeZone: string): QualityRange {
  return {
    fromDate: from,
    toDate: to,
    fromInstant: from ? startOfDayUtc(from, timeZone) : undefined,
    toExclusive: to ? startOfDayUtc(addDays(to, 1), timeZone) : undefined,
  };
}

/** Lead quality: the user's rated leads by date, with every rating's count for the filter buttons. */
export async function pageLeadQuality(deps: Deps, actor: UserActor, input: LeadQualityQuery): Promise<QualityPage> {
  const { timeZone } = await companyRules(deps.db, actor.subadminId);
  const scope = { subadminId: actor.subadminId, userId: actor.id, range: qualityRange(input.from, input.to, timeZone) };
  const [counts, rows] = await Promise.all([countRatedLeads(deps.db, scope), pageRatedLeads(deps.db, scope, input.quality, input)]);
  return {
    items: rows.map((r) => ({ ...r, lead_quality: r.lead_quality as LeadQuality })),
    total: counts[input.quality],
    page: input.page,
    pageSize: input.pageSize,
    counts,
  };
}
