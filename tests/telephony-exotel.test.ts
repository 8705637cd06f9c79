import { describe, expect, it } from 'vitest';
import { dialects } from './helpers/app.js';
import { team } from './helpers/company.js';
import { exotelAppFor } from './helpers/exotel-app.js';
import { insertUploadedLead } from './helpers/fixtures.js';
import { mutate, query } from './helpers/http.js';
import { storeTelephony } from './helpers/telephony.js';
import { nowIso } from '../server/db/dialect.js';
import { LEAD_STATUS } from '../shared/lead-status.js';
import { toE164 } from '../shared/mobile.js';

/*
 * Click-to-call through Exotel end to end: the app places the call on the Exotel stand-in (its request
 * checked field by field against the reference), and the stand-in posts Exotel's documented
 * StatusCallbacks to the app's real callback route over HTTP.
 */
describe.each(dialects)('calls through Exotel on %s', (dialect) => {
  const world = exotelAppFor(dialect);
  const db = () => world.t.deps.db;
  const callRow = (id: number) => db().selectFrom('calls').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const leadRow = (id: number) => db().selectFrom('leads').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const historyRows = (leadId: number) => db().selectFrom('lead_history').selectAll().where('lead_id', '=', leadId).orderBy('id').execute();

  /** A company on Exotel, its telecaller holding a lead, and a call placed on it through the app. */
  async function placed() {
    const { t, exotel } = world;
    const w = await team(t);
    const token = await storeTelephony(t, w.company.id, 'exotel', exotel.settings(), { callerIds: ['+918047112233'] });
    const lead = await insertUploadedLead(db(), w.company.id, { telicaller_id: w.caller.id, status: LEAD_STATUS.noSubmit });
    const before = exotel.requests.length;
    const res = await mutate(t.app, 'telephony.placeCall', { leadId: lead }, w.caller.session);
    expect(res.status, JSON.stringify(res.error)).toBe(200);
    const callId = res.data.id;
    const sid = (await callRow(callId)).provider_call_id!;
    return { ...w, token, lead, callId, sid, request: exotel.requests[before]!, state: res.data };
  }

  it('places the call with Exotel’s documented request and keeps Exotel’s call id', async () => {
    const { exotel, publicUrl } = world;
    const p = await placed();
    const leadMobile = (await leadRow(p.lead)).mobile;
    expect(p.request.method).toBe('POST');
    expect(p.request.path).toBe(`/v1/Accounts/${exotel.credentials.accountSid}/Calls/connect.json`);
    expect(p.request.auth).toEqual({ user: exotel.credentials.apiKey, password: exotel.credentials.apiToken });
    expect(p.request.contentType).toBe('application/x-www-form-urlencoded');
    expect(p.request.form).toEqual({
      From: toE164(p.caller.mobile),
      To: toE164(leadMobile),
      CallerId: '+918047112233',
      Record: 'true',
      StatusCallback: `${publicUrl}/api/telephony/exotel/${p.token}/status?call=${p.callId}`,
      'StatusCallbackEvents[0]': 'terminal',
      'StatusCallbackEvents[1]': 'answered',
      StatusCallbackContentType: 'application/json',
      CustomField: String(p.callId),
    });
    expect(p.sid).toBe(exotel.placed().at(-1)!.sid);
    expect(p.state).toMatchObject({ id: p.callId, leadId: p.lead, status: 'ringing', talkSeconds: null });
    expect(await callRow(p.callId)).toMatchObject({ provider: 'exotel', direction: 'outbound', status: 'ringing', from_number: '+918047112233' });
  });

  it('follows an answered call to its end: connected, then the real talk time and the recording', async () => {
    const { t, exotel } = world;
    const p = await placed();
    expect((await exotel.callback(p.sid, 'answered-event')).status).toBe(200);
    expect((await query(t.app, 'telephony.callState', { callId: p.callId }, p.caller.session)).data).toMatchObject({ status: 'in_progress', endedAt: null });

    const done = await exotel.callback(p.sid, { answered: 42 });
    expect(done.status).toBe(200);
    const row = await callRow(p.callId);
    const created = exotel.call(p.sid).createdAt.getTime();
    expect(row).toMatchObject({ status: 'completed', talk_seconds: 42, recording_ref: exotel.recordingUrl(p.sid) });
    // Exotel's IST times read as UTC (to the second): answered after both phones rang 8 s, ended 42 s later
    expect(Date.parse(row.answered_at!)).toBe(Math.floor((created + 16_000) / 1000) * 1000);
    expect(Date.parse(row.ended_at!) - Date.parse(row.answered_at!)).toBe(42_000);
    const state = await query(t.app, 'telephony.callState', { callId: p.callId }, p.caller.session);
    expect(state.data).toMatchObject({ status: 'completed', talkSeconds: 42, attempt: null });
    // the call is not an attempt: the telecaller chooses the outcome of a connected call
    expect((await leadRow(p.lead)).attempts).toBe(0);
    expect(await historyRows(p.lead)).toHaveLength(0);

    const rec = await t.app.inject({ method: 'GET', url: `/api/recordings/${p.callId}`, headers: { cookie: p.caller.session.cookie } });
    expect(rec.statusCode).toBe(200);
    expect(rec.rawPayload.equals(exotel.recording)).toBe(true);
  });

  it('records a lead who did not answer as the telecaller’s not-connected attempt, with the retry rules', async () => {
    const { t, exotel } = world;
    for (const [ending, outcome] of [
      ['no-answer', 'no_answer'],
      ['busy', 'busy'],
    ] as const) {
      const p = await placed();
      expect((await exotel.callback(p.sid, ending)).status).toBe(200);
      const lead = await leadRow(p.lead);
      expect(lead.attempts).toBe(1);
      expect(lead.retry_at).not.toBeNull();
      const history = await historyRows(p.lead);
      expect(history).toHaveLength(1);
      expect(history[0]).toMatchObject({ kind: 'attempt', outcome, call_id: p.callId, call_via: 'provider', call_duration: 0, user_id: p.caller.id });
      const state = await query(t.app, 'telephony.callState', { callId: p.callId }, p.caller.session);
      expect(state.data).toMatchObject({ status: outcome, talkSeconds: 0, attempt: { attempts: 1 } });
    }
  });

  it('records nothing on the lead when the telecaller’s own phone was not answered', async () => {
    const { exotel } = world;
    const p = await placed();
    expect((await exotel.callback(p.sid, 'agent-missed')).status).toBe(200);
    expect(await callRow(p.callId)).toMatchObject({ status: 'agent_missed' });
    expect((await leadRow(p.lead)).attempts).toBe(0);
    expect(await historyRows(p.lead)).toHaveLength(0);
  });

  it('applies callbacks once whatever their order and repeats', async () => {
    const { exotel } = world;
    const a = await placed();
    const answered = exotel.payload(a.sid, 'answered-event');
    const ended = exotel.payload(a.sid, { answered: 30 });
    const url = exotel.call(a.sid).form.StatusCallback!;
    for (const body of [ended, answered, ended, answered, ended]) expect((await exotel.send(url, body)).status).toBe(200);
    const b = await placed();
    for (const body of [exotel.payload(b.sid, 'answered-event'), exotel.payload(b.sid, { answered: 30 })]) {
      expect((await exotel.send(exotel.call(b.sid).form.StatusCallback!, body)).status).toBe(200);
    }
    const facts = (r: Awaited<ReturnType<typeof callRow>>) => ({
      status: r.status,
      talk: r.talk_seconds,
      answered: r.answered_at,
      ended: r.ended_at,
      rec: !!r.recording_ref,
    });
    const ra = await callRow(a.callId);
    const rb = await callRow(b.callId);
    expect(facts(ra)).toMatchObject({ status: 'completed', talk: 30, rec: true });
    // each call's times are the same whether the answered event came first (b) or after the end (a)
    const answeredOf = (sid: string) => Math.floor((exotel.call(sid).createdAt.getTime() + 16_000) / 1000) * 1000;
    expect([Date.parse(ra.answered_at!), Date.parse(ra.ended_at!)]).toEqual([answeredOf(a.sid), answeredOf(a.sid) + 30_000]);
    expect([Date.parse(rb.answered_at!), Date.parse(rb.ended_at!)]).toEqual([answeredOf(b.sid), answeredOf(b.sid) + 30_000]);
    expect({ ...facts(ra), answered: null, ended: null }).toEqual({ ...facts(rb), answered: null, ended: null });

    // a lead's no-answer told three times is one attempt
    const c = await placed();
    const noAnswer = exotel.payload(c.sid, 'no-answer');
    for (let i = 0; i < 3; i++) expect((await exotel.send(exotel.call(c.sid).form.StatusCallback!, noAnswer)).status).toBe(200);
    expect((await leadRow(c.lead)).attempts).toBe(1);
    expect(await historyRows(c.lead)).toHaveLength(1);
    // and a later, contradicting end changes nothing
    expect((await exotel.send(exotel.call(c.sid).form.StatusCallback!, exotel.payload(c.sid, { answered: 12 }))).status).toBe(200);
    expect(await callRow(c.callId)).toMatchObject({ status: 'no_answer', talk_seconds: 0 });
    expect((await leadRow(c.lead)).attempts).toBe(1);
  });

  it('refuses a callback with another company’s secret or for a call never placed, and nothing changes', async () => {
    const { exotel, publicUrl } = world;
    const a = await placed();
    const b = await placed();
    const before = await callRow(a.callId);
    const foreign = `${publicUrl}/api/telephony/exotel/${b.token}/status`;
    const res = await exotel.send(foreign, exotel.payload(a.sid, 'busy'));
    expect(res.status).toBe(404);
    // naming the call in the address does not help either
    expect((await exotel.send(`${foreign}?call=${a.callId}`, exotel.payload(a.sid, 'busy'))).status).toBe(404);
    const unknown = exotel.payload(a.sid, 'busy');
    expect((await exotel.send(`${publicUrl}/api/telephony/exotel/${a.token}/status`, { ...unknown, CallSid: 'neverplaced123' })).status).toBe(404);
    expect((await exotel.send(`${publicUrl}/api/telephony/exotel/${'x'.repeat(32)}/status`, unknown)).status).toBe(404);
    expect((await exotel.send(`${publicUrl}/api/telephony/twilio/${a.token}/status`, unknown)).status).toBe(404);
    expect(await callRow(a.callId)).toEqual(before);
    expect((await leadRow(a.lead)).attempts).toBe(0);
    expect(await historyRows(a.lead)).toHaveLength(0);
  });

  it('answers hostile input with a 4xx and changes nothing', async () => {
    const { exotel } = world;
    const p = await placed();
    const url = exotel.call(p.sid).form.StatusCallback!;
    const before = await callRow(p.callId);
    const post = (body: string, contentType: string) => fetch(url, { method: 'POST', headers: { 'content-type': contentType }, body });
    const ok = exotel.payload(p.sid, 'busy');
    const cases: [string, string, number][] = [
      ['{not json', 'application/json', 400],
      ['[]', 'application/json', 400],
      ['"CallSid"', 'application/json', 400],
      [JSON.stringify({ ...ok, Status: 'exploded' }), 'application/json', 400],
      [JSON.stringify({ ...ok, CallSid: { $ne: null } }), 'application/json', 400],
      [JSON.stringify({ ...ok, ConversationDuration: -4 }), 'application/json', 400],
      [JSON.stringify({ ...ok, Legs: 'x'.repeat(100) }), 'application/json', 400],
      [JSON.stringify({ ...ok, pad: 'x'.repeat(40 * 1024) }), 'application/json', 413],
      [`CallSid=${p.sid}&Status=busy&pad=${'x'.repeat(40 * 1024)}`, 'application/x-www-form-urlencoded', 413],
      [JSON.stringify(ok), 'text/plain', 415],
      ['<Call/>', 'application/xml', 415],
      ['Status=busy', 'application/x-www-form-urlencoded', 400],
    ];
    for (const [body, type, status] of cases) {
      const res = await post(body, type);
      expect(res.status, `${type} ${body.slice(0, 60)}`).toBe(status);
      expect(await res.text()).not.toMatch(/at .*\.ts|SELECT|stack/i);
    }
    expect(await callRow(p.callId)).toEqual(before);
    expect((await leadRow(p.lead)).attempts).toBe(0);
  });

  it('gives the telecaller Exotel’s refusal and leaves the call failed, never stuck', async () => {
    const { t, exotel } = world;
    const w = await team(t);
    await storeTelephony(t, w.company.id, 'exotel', { ...exotel.settings(), apiToken: 'wrong-token' });
    const lead = await insertUploadedLead(db(), w.company.id, { telicaller_id: w.caller.id, telicaller_send_date: nowIso() });
    const res = await mutate(t.app, 'telephony.placeCall', { leadId: lead }, w.caller.session);
    expect(res.status).toBe(400);
    expect(res.error?.message).toBe('Exotel did not accept the API key and token.');
    const calls = await db().selectFrom('calls').selectAll().where('lead_id', '=', lead).execute();
    expect(calls.map((c) => c.status)).toEqual(['failed']);
  });
});
