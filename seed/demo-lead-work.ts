import type { Deps } from '../server/deps.js';
import type { SubadminActor, UserActor } from '../server/auth/actor.js';
import { distributeLeads } from '../server/services/distribution/distribution.service.js';
import { openLead, submitLeadForm } from '../server/services/lead-work/submission.service.js';
import { LeadFormInput, type LeadFormInput as LeadFormFields } from '../shared/schemas/lead-work.js';
import { DEFAULT_TIME_ZONE, addDays, startOfDayUtc, timeIn, todayIn } from '../shared/dates.js';
import { LEAD_STATUS } from '../shared/lead-status.js';

// Seeding acts through the services, with actors that no session backs.
const SEED_SESSION = 0;

interface Person {
  id: number;
  user_type: UserActor['userType'];
}

const actorOf = (p: Person, subadminId: number): UserActor => ({
  kind: 'user',
  id: p.id,
  subadminId,
  userType: p.user_type,
  impersonatedBy: null,
  sessionId: SEED_SESSION,
});

/** A wall-clock date and time this many minutes from now in the zone (tomorrow's, late at night). */
function minutesFromNow(minutes: number, timeZone: string) {
  const at = new Date(Date.now() + minutes * 60_000);
  return { date: todayIn(timeZone, at), time: timeIn(timeZone, at) };
}

/**
 * A working day already under way: besides the leads sent today, the telecaller and the head hold
 * leads sent yesterday (pending), and the telecaller has worked some of them through the lead form:
 * callbacks due today, an interested lead handed to the head, and one of each other outcome.
 */
export async function seedLeadWork(deps: Deps, owner: SubadminActor, caller: Person, head: Person): Promise<void> {
  const timeZone = DEFAULT_TIME_ZONE;
  const pendingIds: number[] = [];
  for (const [person, count] of [
    [caller, 10],
    [head, 4],
  ] as const) {
    const before = await deps.db.selectFrom('leads').select('id').where('telicaller_id', '=', person.id).execute();
    await distributeLeads(deps, owner, { userIds: [person.id], count, category: 'Local Leads' });
    const known = new Set(before.map((r) => r.id));
    const rows = await deps.db.selectFrom('leads').select('id').where('telicaller_id', '=', person.id).orderBy('id').execute();
    pendingIds.push(...rows.map((r) => r.id).filter((id) => !known.has(id)));
  }
  // Distribution stamps the moment it runs; these leads were sent yesterday, which makes them pending.
  const yesterdayNoon = new Date(Date.parse(startOfDayUtc(todayIn(timeZone), timeZone)) - 12 * 3_600_000).toISOString();
  await deps.db.updateTable('leads').set({ telicaller_send_date: yesterdayNoon }).where('id', 'in', pendingIds).execute();

  const me = actorOf(caller, owner.subadminId);
  const callerLeads = pendingIds.slice(0, 10);
  const work = async (leadId: number, form: Omit<LeadFormFields, 'leadId'>) => {
    await openLead(deps, me, { leadId, queue: 'pending' });
    await submitLeadForm(deps, me, LeadFormInput.parse({ leadId, queue: 'pending', ...form }));
  };
  const dueSoon = minutesFromNow(10, timeZone);
  const later = minutesFromNow(150, timeZone);
  await work(callerLeads[0]!, {
    status: LEAD_STATUS.followUp,
    feedback: 'Follow-up Option',
    call_duration: 95,
    callback: true,
    callback_date: dueSoon.date,
    callback_time: dueSoon.time,
    remarks: 'Asked to call back after a meeting.',
  });
  await work(callerLeads[1]!, {
    status: LEAD_STATUS.followUp,
    feedback: 'Follow-up Option',
    call_duration: 40,
    callback: true,
    callback_date: later.date,
    callback_time: later.time,
  });
  await work(callerLeads[2]!, {
    status: LEAD_STATUS.interested,
    feedback: 'Price Negotiation',
    call_duration: 312,
    telemarketer_handler: head.id,
    demo: true,
    project_name: 'Clinic website',
    remarks: 'Wants a quote with hosting.',
  });
  await work(callerLeads[3]!, { status: LEAD_STATUS.interested, feedback: 'Running', call_duration: 188 });
  await work(callerLeads[4]!, { status: LEAD_STATUS.notInterested, feedback: 'Price Issue', call_duration: 75 });
  // A follow-up asks for its callback time (docs/lead-fields.md): this one is tomorrow, out of today's callbacks.
  await work(callerLeads[5]!, {
    status: LEAD_STATUS.followUp,
    feedback: 'Follow-up Option',
    call_duration: 60,
    callback: true,
    callback_date: addDays(todayIn(timeZone), 1),
    callback_time: '11:00',
  });
  await work(callerLeads[6]!, { status: LEAD_STATUS.invalid, feedback: 'Wrong Lead', call_duration: 15, invalid_reason: 'Number belongs to someone else.' });
  // Opened and left without a submit: a Not Submitted lead.
  await openLead(deps, me, { leadId: callerLeads[7]!, queue: 'pending' });
}
