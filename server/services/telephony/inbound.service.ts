import type { Deps } from '../../deps.js';
import type { Transaction } from 'kysely';
import type { DB } from '../../db/schema.js';
import { isUniqueViolation, nowIso } from '../../db/dialect.js';
import { normalizeIndianMobile, toE164 } from '../../../shared/mobile.js';
import { PHONE_ENQUIRY_CATEGORY } from '../../../shared/routing.js';
import { isWorkingTime } from '../../../shared/working-hours.js';
import { raiseAlerts } from '../alerts/alerts.js';
import { receiveLead } from '../routing/arrivals.service.js';
import { findExistingLeads, insertLeadEvents } from '../routing/engine.repository.js';
import { loadRoutingCompany } from '../routing/settings.repository.js';
import { insertCall } from './calls.repository.js';
import { personToPutThrough } from './inbound.repository.js';
import { findCallByProviderId } from './calls.repository.js';
import type { InboundAnswer, InboundCall } from './provider.js';
import { hookUrl, withCall, type CompanyTelephony } from './settings.repository.js';

/** A caller's number as the calls row keeps it: what the provider sent, bounded. */
const NUMBER_MAX = 40;

/**
 * A call to a company number (docs/call-facts.md#inbound-calls). From a known lead's mobile: put
 * through to its owner when they can take it (live, not blocked, not on a break, inside the company's
 * working hours), else missed; the owner is told "<name> called back" either way. From an unknown
 * mobile: a new lead ("Phone enquiry") made and routed like any other arrival, put through to whoever
 * routing gave it to, else missed. The call is a calls row (inbound; ringing, or missed) and an event
 * in the lead's history. A provider asking again about the same call gets the same answer.
 */
export async function handleInbound(deps: Deps, t: CompanyTelephony, call: InboundCall): Promise<InboundAnswer> {
  const again = await answeredBefore(deps, t, call);
  if (again) return again;

  const now = new Date();
  const mobile = normalizeIndianMobile(call.from);
  const [known] = mobile ? await findExistingLeads(deps.db, t.subadminId, { mobiles: [mobile] }) : [];
  let leadId: number | null = null;
  let leadName = '';
  let ownerId: number | null = null;
  if (known) {
    leadId = known.id;
    leadName = known.name;
    ownerId = known.telicaller_id;
  } else if (mobile) {
    const arrival = await receiveLead(
      deps,
      t.subadminId,
      'phone',
      { name: mobile, mobile, requirement: '', area: '', category: PHONE_ENQUIRY_CATEGORY, language: null, sourceRef: null },
      now,
    );
    leadId = arrival.leadId;
    ownerId = arrival.routedTo?.id ?? null;
  }

  const putThrough = ownerId !== null && (await canTakeCall(deps, t.subadminId, ownerId, now)) ? ownerId : null;
  const at = now.toISOString();
  const id = await recordInbound(deps, async (trx) => {
    const callId = await insertCall(trx, {
      subadmin_id: t.subadminId,
      provider: t.providerId,
      provider_call_id: call.providerCallId,
      lead_id: leadId,
      user_id: putThrough ?? ownerId,
      direction: 'inbound',
      status: putThrough === null ? 'missed' : 'ringing',
      from_number: call.from.slice(0, NUMBER_MAX),
      to_number: call.to.slice(0, NUMBER_MAX),
      placed_at: at,
      answered_at: null,
      ended_at: putThrough === null ? at : null,
      talk_seconds: null,
      recording_ref: null,
      cost: null,
      cost_currency: null,
      updated_at: nowIso(),
    });
    if (leadId !== null) {
      await insertLeadEvents(trx, [
        {
          subadmin_id: t.subadminId,
          lead_id: leadId,
          kind: putThrough === null ? 'call_missed' : 'call_in',
          user_id: putThrough ?? ownerId,
          from_user_id: null,
          source: 'phone',
          detail: null,
          source_ref: null,
          created_at: at,
        },
      ]);
    }
    return callId;
  });
  // The same announcement twice at once: the other one recorded it; answer as it did.
  if (id === null) return (await answeredBefore(deps, t, call)) ?? { missed: true };
  // A new lead's person heard of it from routing ("New lead"); a known lead's owner hears it called back.
  if (known && ownerId !== null) raiseAlerts([{ kind: 'lead_called', subadminId: t.subadminId, userId: ownerId, leadId: known.id, leadName, at }]);
  if (putThrough === null) return { missed: true };
  return connectTo(deps, t, id, putThrough, call.to);
}

/** The answer already given to this call, when the provider announces it again. */
async function answeredBefore(deps: Deps, t: CompanyTelephony, call: InboundCall): Promise<InboundAnswer | null> {
  const row = await findCallByProviderId(deps.db, t.subadminId, t.providerId, call.providerCallId);
  if (!row) return null;
  return row.status === 'missed' || row.user_id === null ? { missed: true } : connectTo(deps, t, row.id, row.user_id, row.to_number);
}

/** Records the call in one transaction; null when the provider's call id is already recorded (calls_provider_call). */
async function recordInbound(deps: Deps, work: (trx: Transaction<DB>) => Promise<number>): Promise<number | null> {
  try {
    return await deps.db.transaction().execute(work);
  } catch (err) {
    if (isUniqueViolation(err)) return null;
    throw err;
  }
}

/** Whether the person can be rung now: a live, unblocked user of the company, not on a break, inside its working hours. */
async function canTakeCall(deps: Deps, subadminId: number, userId: number, now: Date): Promise<boolean> {
  const [person, company] = await Promise.all([personToPutThrough(deps.db, subadminId, userId), loadRoutingCompany(deps.db, subadminId)]);
  if (!person?.phone || !company || company.gone) return false;
  const { workDays, workStart, workEnd } = company.settings;
  return isWorkingTime({ days: workDays, start: workStart, end: workEnd, timeZone: company.timeZone }, now);
}

async function connectTo(deps: Deps, t: CompanyTelephony, callId: number, userId: number, called: string): Promise<InboundAnswer> {
  const person = await personToPutThrough(deps.db, t.subadminId, userId);
  // Without PUBLIC_URL (unset after the provider was turned on) the put-through leg could not report: missed, not a 500.
  if (!person?.phone || !deps.config.telephony.publicUrl) return { missed: true };
  // The lead sees the company number it called (when it is one of the company's), else the first one.
  const callerId = t.callerIds.includes(called) ? called : (t.callerIds[0] ?? called);
  return { connect: { phone: toE164(person.phone), callerId, record: t.record, statusCallbackUrl: withCall(hookUrl(deps.config, t, 'status'), callId) } };
}
