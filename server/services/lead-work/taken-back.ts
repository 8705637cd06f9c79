import type { Kysely } from 'kysely';
import type { Deps } from '../../deps.js';
import type { DB } from '../../db/schema.js';
import type { UserActor } from '../../auth/actor.js';
import { AppError } from '../../errors.js';
import { LEAD_STATUS_LABELS, isLeadStatus } from '../../../shared/lead-status.js';
import { TAKEN_BACK_MESSAGES, type LeadFormValues } from '../../../shared/schemas/lead-work.js';
import { findCompanyUser, visibleLeads } from '../leads/lists.repository.js';
import { noticeToCompany } from '../notifications/notifications.service.js';

/** The refusal refuseIfTakenBack throws: the lead is skipped like one not found where several are changed at once. */
export const isTakenBack = (err: unknown) =>
  err instanceof AppError && err.code === 'CONFLICT' && (Object.values(TAKEN_BACK_MESSAGES) as string[]).includes(err.message);

const isLeadNotFound = (err: unknown) => err instanceof AppError && err.code === 'NOT_FOUND' && err.message === 'Lead not found.';

/** The company's lead last taken back from this user (and not its again); null for any other id. */
function leadTakenBack(db: Kysely<DB>, actor: UserActor, leadId: number) {
  return visibleLeads(db, actor.subadminId)
    .where('l.id', '=', leadId)
    .where('l.taken_back_from', '=', actor.id)
    .select(['l.id', 'l.name', 'l.mobile'])
    .executeTakeFirst();
}

const line = (label: string, value: string | null | undefined) => (value ? `${label}: ${value}` : '');

/**
 * A submit or attempt refused because the lead was not found for this user: when the company took it
 * back from this user (while its phone was offline, say). The user is told so, and an
 * outcome goes to the company as a notification, so an interested customer is not lost with it. Any
 * other error, and any lead not taken back from this user, is left as it was (nothing about others' leads).
 */
export async function refuseIfTakenBack(deps: Deps, actor: UserActor, err: unknown, input: { leadId: number; outcome?: LeadFormValues }): Promise<never> {
  if (!isLeadNotFound(err)) throw err;
  const lead = await leadTakenBack(deps.db, actor, input.leadId);
  if (!lead) throw err;
  const outcome = input.outcome;
  if (!outcome) throw new AppError('CONFLICT', TAKEN_BACK_MESSAGES.attempt);
  const user = await findCompanyUser(deps.db, actor.subadminId, actor.id);
  const status = isLeadStatus(outcome.status) ? LEAD_STATUS_LABELS[outcome.status] : outcome.status;
  const message = [
    `${user?.name ?? 'A user'} submitted "${status}" for ${lead.name || 'a lead'} (${lead.mobile}) after the lead was taken back from them.`,
    line('Feedback', outcome.feedback),
    line('Remarks', outcome.remarks),
    line('Project name', outcome.project_name),
    outcome.callback && outcome.callback_date ? `Callback: ${outcome.callback_date} ${outcome.callback_time ?? ''}`.trim() : '',
    line('Invalid reason', outcome.invalid_reason),
    line('Other number', [outcome.whatsapp, outcome.optional_number].filter(Boolean).join(', ')),
  ]
    .filter(Boolean)
    .join('\n');
  await noticeToCompany(deps, actor, { title: `Outcome for a lead taken back: ${status}`, message });
  throw new AppError('CONFLICT', TAKEN_BACK_MESSAGES.submit);
}
