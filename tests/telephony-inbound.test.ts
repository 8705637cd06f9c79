import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { dialects, testAppFor } from './helpers/app.js';
import { team } from './helpers/company.js';
import { insertUploadedLead, uniqueMobile } from './helpers/fixtures.js';
import { mutate } from './helpers/http.js';
import { leadByMobile, storeTelephony, workingAllDay } from './helpers/telephony.js';
import { leadAlerts, type LeadAlert } from '../server/services/alerts/alerts.js';
import { handleInbound } from '../server/services/telephony/inbound.service.js';
import { companyTelephony } from '../server/services/telephony/settings.repository.js';
import { LEAD_STATUS } from '../shared/lead-status.js';
import { PHONE_ENQUIRY_CATEGORY } from '../shared/routing.js';

const EXOTEL = { accountSid: 'acme1', apiKey: 'key', apiToken: 'token', cluster: 'mumbai' };
const COMPANY_NUMBER = '+918047112233';

describe.each(dialects)('inbound calls on %s', (dialect) => {
  const t = testAppFor(dialect, { PUBLIC_URL: 'https://crm.example.com' });
  const db = () => t.deps.db;
  let alerts: LeadAlert[] = [];
  const listen = (a: LeadAlert) => alerts.push(a);
  beforeEach(() => {
    alerts = [];
    leadAlerts.on('alert', listen);
  });
  afterEach(() => {
    leadAlerts.off('alert', listen);
  });

  /** A company with its provider on, working every hour of every day, routing outside enquiries or not. */
  async function company({ routeCapture = true }: { routeCapture?: boolean } = {}) {
    const w = await team(t);
    const hookToken = await storeTelephony(t, w.company.id, 'exotel', EXOTEL, { callerIds: [COMPANY_NUMBER, '+918047110000'] });
    await workingAllDay(db(), w.company.id, routeCapture);
    const tel = (await companyTelephony(db(), t.deps.config, w.company.id))!;
    return { ...w, tel, hookToken };
  }

  const callsOf = (companyId: number) => db().selectFrom('calls').selectAll().where('subadmin_id', '=', companyId).orderBy('id').execute();
  const eventsOf = (leadId: number) => db().selectFrom('lead_events').selectAll().where('lead_id', '=', leadId).orderBy('id').execute();
  const mobileOf = async (userId: number) => (await db().selectFrom('users').select('mobile').where('id', '=', userId).executeTakeFirstOrThrow()).mobile!;

  it('puts a known lead’s call through to its owner, from the company number, and tells the owner', async () => {
    const w = await company();
    const mobile = uniqueMobile();
    const leadId = await insertUploadedLead(db(), w.company.id, { name: 'Asha Verma', mobile, telicaller_id: w.caller.id, status: LEAD_STATUS.interested });
    const answer = await handleInbound(t.deps, w.tel, { providerCallId: 'in-1', from: `+91 ${mobile.slice(0, 5)} ${mobile.slice(5)}`, to: '+918047110000' });

    const [call] = await callsOf(w.company.id);
    expect(call).toMatchObject({ direction: 'inbound', status: 'ringing', lead_id: leadId, user_id: w.caller.id, provider_call_id: 'in-1', ended_at: null });
    expect(answer).toEqual({
      connect: {
        phone: `+91${await mobileOf(w.caller.id)}`,
        callerId: '+918047110000',
        record: true,
        statusCallbackUrl: `https://crm.example.com/api/telephony/exotel/${w.hookToken}/status?call=${call!.id}`,
      },
    });
    expect(alerts).toEqual([{ kind: 'lead_called', subadminId: w.company.id, userId: w.caller.id, leadId, leadName: 'Asha Verma', at: expect.any(String) }]);
    expect(await eventsOf(leadId)).toMatchObject([{ kind: 'call_in', user_id: w.caller.id, source: 'phone' }]);

    // The lead's history shows it to its owner.
    const opened = await mutate(t.app, 'work.open', { leadId }, w.caller.session);
    expect(opened.status).toBe(200);
    expect((opened.data as { events: { kind: string; user_name: string | null }[] }).events).toMatchObject([{ kind: 'call_in', user_name: 'Asha Caller' }]);

    // The provider asking again about the same call gets the same answer; nothing is recorded twice.
    expect(await handleInbound(t.deps, w.tel, { providerCallId: 'in-1', from: mobile, to: '+918047110000' })).toEqual(answer);
    expect(await callsOf(w.company.id)).toHaveLength(1);
    expect(await eventsOf(leadId)).toHaveLength(1);
  });

  it('answers the same announcement arriving twice at once the same way, and records it once', async () => {
    const w = await company();
    const mobile = uniqueMobile();
    const leadId = await insertUploadedLead(db(), w.company.id, { name: 'Asha Verma', mobile, telicaller_id: w.caller.id });
    const call = { providerCallId: 'in-twice', from: mobile, to: COMPANY_NUMBER };
    const [a, b] = await Promise.all([handleInbound(t.deps, w.tel, call), handleInbound(t.deps, w.tel, call)]);
    expect(a).toEqual(b);
    expect(a).toMatchObject({ connect: { phone: `+91${await mobileOf(w.caller.id)}` } });
    expect(await callsOf(w.company.id)).toHaveLength(1);
    expect(await eventsOf(leadId)).toHaveLength(1);
  });

  it('records the call as missed when the owner is on a break, blocked, or it is outside working hours; the owner is still told', async () => {
    const w = await company();
    const mobile = uniqueMobile();
    const leadId = await insertUploadedLead(db(), w.company.id, { name: 'Asha Verma', mobile, telicaller_id: w.caller.id });
    await db().updateTable('users').set({ on_break: 1 }).where('id', '=', w.caller.id).execute();
    expect(await handleInbound(t.deps, w.tel, { providerCallId: 'in-break', from: mobile, to: COMPANY_NUMBER })).toEqual({ missed: true });

    await db().updateTable('users').set({ on_break: 0, is_blocked: 1 }).where('id', '=', w.caller.id).execute();
    expect(await handleInbound(t.deps, w.tel, { providerCallId: 'in-blocked', from: mobile, to: COMPANY_NUMBER })).toEqual({ missed: true });

    await db().updateTable('users').set({ is_blocked: 0 }).where('id', '=', w.caller.id).execute();
    await db().updateTable('routing_settings').set({ work_days: '' }).where('subadmin_id', '=', w.company.id).execute();
    expect(await handleInbound(t.deps, w.tel, { providerCallId: 'in-closed', from: mobile, to: COMPANY_NUMBER })).toEqual({ missed: true });

    const calls = await callsOf(w.company.id);
    expect(calls.map((c) => [c.status, c.lead_id, c.user_id, c.ended_at !== null])).toEqual([
      ['missed', leadId, w.caller.id, true],
      ['missed', leadId, w.caller.id, true],
      ['missed', leadId, w.caller.id, true],
    ]);
    expect((await eventsOf(leadId)).map((e) => e.kind)).toEqual(['call_missed', 'call_missed', 'call_missed']);
    expect(alerts.map((a) => [a.kind, a.userId, a.leadId])).toEqual([
      ['lead_called', w.caller.id, leadId],
      ['lead_called', w.caller.id, leadId],
      ['lead_called', w.caller.id, leadId],
    ]);
    // A repeat of a missed call's announcement answers missed again.
    expect(await handleInbound(t.deps, w.tel, { providerCallId: 'in-break', from: mobile, to: COMPANY_NUMBER })).toEqual({ missed: true });
    expect(await callsOf(w.company.id)).toHaveLength(3);
  });

  it('makes an unknown number a phone enquiry routed by the company’s rules, and puts the call through to whoever got it', async () => {
    const w = await company();
    // Only Asha takes leads now: routing has one choice.
    await db().updateTable('users').set({ on_break: 1 }).where('id', '=', w.colleague.id).execute();
    const mobile = uniqueMobile();
    const answer = await handleInbound(t.deps, w.tel, { providerCallId: 'in-new', from: `0${mobile}`, to: COMPANY_NUMBER });

    const lead = await leadByMobile(db(), w.company.id, mobile);
    expect(lead).toMatchObject({ category: PHONE_ENQUIRY_CATEGORY, route_source: 'phone', telicaller_id: w.caller.id });
    const [call] = await callsOf(w.company.id);
    expect(call).toMatchObject({ status: 'ringing', lead_id: lead.id, user_id: w.caller.id });
    expect(answer).toMatchObject({ connect: { phone: `+91${await mobileOf(w.caller.id)}`, callerId: COMPANY_NUMBER } });
    // Routing's own alert tells Asha of the new lead; the call is in its history beside the routing.
    expect(alerts.map((a) => [a.kind, a.userId, a.leadId])).toEqual([['lead_routed', w.caller.id, lead.id]]);
    expect((await eventsOf(lead.id)).map((e) => e.kind).sort()).toEqual(['call_in', 'routed']);
  });

  it('records an unknown number’s call as missed when its new lead waits in the pool', async () => {
    const w = await company({ routeCapture: false });
    const mobile = uniqueMobile();
    expect(await handleInbound(t.deps, w.tel, { providerCallId: 'in-pool', from: mobile, to: COMPANY_NUMBER })).toEqual({ missed: true });
    const lead = await leadByMobile(db(), w.company.id, mobile);
    expect(lead).toMatchObject({ category: PHONE_ENQUIRY_CATEGORY, telicaller_id: null });
    expect(await callsOf(w.company.id)).toMatchObject([{ status: 'missed', lead_id: lead.id, user_id: null }]);
    expect((await eventsOf(lead.id)).map((e) => e.kind)).toEqual(['call_missed']);
    expect(alerts).toEqual([]);
  });

  it('records a number that is not a mobile as a missed call with no lead', async () => {
    const w = await company();
    expect(await handleInbound(t.deps, w.tel, { providerCallId: 'in-landline', from: '+44 20 7946 0000', to: COMPANY_NUMBER })).toEqual({ missed: true });
    expect(await callsOf(w.company.id)).toMatchObject([{ status: 'missed', lead_id: null, user_id: null, from_number: '+44 20 7946 0000' }]);
    expect(await db().selectFrom('leads').select('id').where('subadmin_id', '=', w.company.id).execute()).toHaveLength(0);
  });

  it('never reaches another company’s lead with the same mobile', async () => {
    const a = await company();
    const b = await company();
    const mobile = uniqueMobile();
    const theirs = await insertUploadedLead(db(), a.company.id, { name: 'Theirs', mobile, telicaller_id: a.caller.id });
    await handleInbound(t.deps, b.tel, { providerCallId: 'in-b', from: mobile, to: COMPANY_NUMBER });
    expect(await callsOf(a.company.id)).toHaveLength(0);
    expect(await eventsOf(theirs)).toHaveLength(0);
    expect(alerts.every((x) => x.subadminId === b.company.id)).toBe(true);
    const ours = await db()
      .selectFrom('leads')
      .select(['id', 'subadmin_id'])
      .where('mobile', '=', mobile)
      .where('subadmin_id', '=', b.company.id)
      .executeTakeFirst();
    expect(ours).toBeDefined();
    expect(await callsOf(b.company.id)).toMatchObject([{ lead_id: ours!.id }]);
  });
});
