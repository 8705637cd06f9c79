import { describe, expect, it } from 'vitest';
import { dialects, testAppFor } from './helpers/app.js';
import { team } from './helpers/company.js';
import { exotelTime } from './helpers/exotel-standin.js';
import { parseTwiml, twilioSignature, type TwimlNode } from './helpers/twilio-standin.js';
import { insertUploadedLead, uniqueMobile } from './helpers/fixtures.js';
import { leadByMobile, storeTelephony, workingAllDay } from './helpers/telephony.js';
import { randomBytes } from 'node:crypto';
import { PHONE_ENQUIRY_CATEGORY } from '../shared/routing.js';

const EXOTEL = { accountSid: 'acme1', apiKey: 'key', apiToken: 'token', cluster: 'mumbai' };
const EXOPHONE = '08047112233';

/*
 * Inbound calls through the route, as Exotel's Connect applet asks with its dynamic URL (a GET with
 * CallSid, CallFrom, CallTo, Direction) and reports the end through the Passthru applet after it.
 */
describe.each(dialects)('inbound calls through Exotel’s route on %s', (dialect) => {
  const t = testAppFor(dialect, { PUBLIC_URL: 'https://crm.example.com' });
  const db = () => t.deps.db;

  async function company() {
    const w = await team(t);
    const token = await storeTelephony(t, w.company.id, 'exotel', EXOTEL, { callerIds: ['+918047112233'] });
    await workingAllDay(db(), w.company.id, false);
    return { ...w, token };
  }

  const inbound = (token: string, fields: Record<string, string>) =>
    t.app.inject({
      method: 'GET',
      url: `/api/telephony/exotel/${token}/inbound?${new URLSearchParams({ Direction: 'incoming', Created: exotelTime(new Date()), ...fields })}`,
    });
  const callsOf = (companyId: number) => db().selectFrom('calls').selectAll().where('subadmin_id', '=', companyId).orderBy('id').execute();

  it('dials the owner of a known lead from the company number, and takes the end from the Passthru', async () => {
    const w = await company();
    const mobile = uniqueMobile();
    const lead = await insertUploadedLead(db(), w.company.id, { name: 'Asha Verma', mobile, telicaller_id: w.caller.id });
    const res = await inbound(w.token, { CallSid: 'exo-in-1', CallFrom: `0${mobile}`, CallTo: EXOPHONE });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toContain('application/json');
    const owner = await db().selectFrom('users').select('mobile').where('id', '=', w.caller.id).executeTakeFirstOrThrow();
    expect(res.json()).toEqual({
      fetch_after_attempt: false,
      destination: { numbers: [`+91${owner.mobile}`] },
      outgoing_phone_number: '+918047112233',
      record: true,
      max_ringing_duration: 30,
    });
    expect(await callsOf(w.company.id)).toMatchObject([
      { provider_call_id: 'exo-in-1', direction: 'inbound', status: 'ringing', lead_id: lead, user_id: w.caller.id },
    ]);

    const passthru = await t.app.inject({
      method: 'GET',
      url: `/api/telephony/exotel/${w.token}/status?${new URLSearchParams({
        CallSid: 'exo-in-1',
        CallFrom: `0${mobile}`,
        CallTo: EXOPHONE,
        Direction: 'incoming',
        CallType: 'completed',
        DialCallDuration: '25',
        CurrentTime: exotelTime(new Date()),
      })}`,
    });
    expect(passthru.statusCode, passthru.body).toBe(200);
    expect(await callsOf(w.company.id)).toMatchObject([{ status: 'completed', talk_seconds: 25 }]);
  });

  it('makes an unknown number a phone enquiry and, with nobody to take it, dials nobody', async () => {
    const w = await company();
    const mobile = uniqueMobile();
    const res = await inbound(w.token, { CallSid: 'exo-in-2', CallFrom: `0${mobile}`, CallTo: EXOPHONE });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ fetch_after_attempt: false, destination: { numbers: [] } });
    const lead = await leadByMobile(db(), w.company.id, mobile);
    expect(lead.category).toBe(PHONE_ENQUIRY_CATEGORY);
    expect(await callsOf(w.company.id)).toMatchObject([{ status: 'missed', lead_id: lead.id, user_id: null }]);
  });

  it('refuses an unknown secret or junk, and records nothing', async () => {
    const w = await company();
    const mobile = uniqueMobile();
    const wrong = await inbound('x'.repeat(32), { CallSid: 'exo-in-3', CallFrom: `0${mobile}`, CallTo: EXOPHONE });
    expect(wrong.statusCode).toBe(404);
    const junk = await inbound(w.token, { CallSid: 'exo-in-4', CallFrom: 'robert); drop', CallTo: EXOPHONE });
    expect(junk.statusCode).toBe(400);
    const outgoing = await inbound(w.token, { CallSid: 'exo-in-5', CallFrom: `0${mobile}`, CallTo: EXOPHONE, Direction: 'outbound-dial' });
    expect(outgoing.statusCode).toBe(400);
    expect(await callsOf(w.company.id)).toHaveLength(0);
    expect(await db().selectFrom('leads').select('id').where('mobile', '=', mobile).execute()).toHaveLength(0);
  });
});

const PUBLIC_URL = 'https://crm.example.com';
const TWILIO = { accountSid: `AC${'a1'.repeat(16)}`, authToken: 'twilio-auth-token-of-the-company' };
const TWILIO_NUMBER = '+918047112233';
const callSid = () => `CA${randomBytes(16).toString('hex')}`;

/*
 * Inbound calls through the route as Twilio sends them: the number's "A call comes in" webhook (a POST
 * of CallSid, AccountSid, From, To, CallStatus, Direction, signed with X-Twilio-Signature), answered with
 * TwiML; the <Dial>ed leg's status callbacks name the inbound call as ParentCallSid.
 */
describe.each(dialects)('inbound calls through Twilio’s route on %s', (dialect) => {
  const t = testAppFor(dialect, { PUBLIC_URL });
  const db = () => t.deps.db;

  async function company() {
    const w = await team(t);
    const token = await storeTelephony(t, w.company.id, 'twilio', TWILIO, { callerIds: [TWILIO_NUMBER] });
    await workingAllDay(db(), w.company.id, false);
    return { ...w, token };
  }

  /** A POST signed as Twilio signs it (the full address, query included, and the form's fields). */
  function signedPost(path: string, form: Record<string, string>, signature?: string) {
    return t.app.inject({
      method: 'POST',
      url: path,
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        'x-twilio-signature': signature ?? twilioSignature(TWILIO.authToken, `${PUBLIC_URL}${path}`, form),
      },
      payload: new URLSearchParams(form).toString(),
    });
  }
  const incoming = (sid: string, from: string) => ({
    CallSid: sid,
    AccountSid: TWILIO.accountSid,
    From: from,
    To: TWILIO_NUMBER,
    Caller: from,
    Called: TWILIO_NUMBER,
    CallStatus: 'ringing',
    Direction: 'inbound',
    ApiVersion: '2010-04-01',
  });
  const find = (node: TwimlNode, name: string): TwimlNode | undefined =>
    node.name === name ? node : node.children.map((c) => find(c, name)).find((n) => n !== undefined);
  const callsOf = (companyId: number) => db().selectFrom('calls').selectAll().where('subadmin_id', '=', companyId).orderBy('id').execute();

  it('dials the owner of a known lead from the company number; the dialled leg’s callbacks complete the call', async () => {
    const w = await company();
    const mobile = uniqueMobile();
    const lead = await insertUploadedLead(db(), w.company.id, { name: 'Asha Verma', mobile, telicaller_id: w.caller.id });
    const sid = callSid();
    const res = await signedPost(`/api/telephony/twilio/${w.token}/inbound`, incoming(sid, `+91${mobile}`));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toContain('text/xml');
    const [call] = await callsOf(w.company.id);
    expect(call).toMatchObject({ provider_call_id: sid, direction: 'inbound', status: 'ringing', lead_id: lead, user_id: w.caller.id });
    const twiml = parseTwiml(res.body);
    const dial = find(twiml, 'Dial')!;
    expect(dial.attrs.callerId).toBe(TWILIO_NUMBER);
    const number = find(dial, 'Number')!;
    const owner = await db().selectFrom('users').select('mobile').where('id', '=', w.caller.id).executeTakeFirstOrThrow();
    expect(number.text.trim()).toBe(`+91${owner.mobile}`);
    const statusPath = `/api/telephony/twilio/${w.token}/status?call=${call!.id}`;
    expect(number.attrs.statusCallback).toBe(`${PUBLIC_URL}${statusPath}`);

    // The telecaller's leg, <Dial>ed by Twilio: answered, then completed after 42 seconds.
    const leg = {
      AccountSid: TWILIO.accountSid,
      CallSid: callSid(),
      ParentCallSid: sid,
      From: TWILIO_NUMBER,
      To: `+91${owner.mobile}`,
      Direction: 'outbound-dial',
      ApiVersion: '2010-04-01',
    };
    expect((await signedPost(statusPath, { ...leg, CallStatus: 'in-progress' })).statusCode).toBe(200);
    expect((await signedPost(statusPath, { ...leg, CallStatus: 'completed', CallDuration: '42' })).statusCode).toBe(200);
    expect(await callsOf(w.company.id)).toMatchObject([{ status: 'completed', talk_seconds: 42 }]);
  });

  it('records a call put through to the owner and not picked up as missed, whatever Twilio calls the dialled leg’s end', async () => {
    for (const end of ['no-answer', 'busy', 'failed', 'canceled']) {
      const w = await company();
      const mobile = uniqueMobile();
      const lead = await insertUploadedLead(db(), w.company.id, { name: 'Asha Verma', mobile, telicaller_id: w.caller.id });
      const sid = callSid();
      expect((await signedPost(`/api/telephony/twilio/${w.token}/inbound`, incoming(sid, `+91${mobile}`))).statusCode).toBe(200);
      const [call] = await callsOf(w.company.id);
      const statusPath = `/api/telephony/twilio/${w.token}/status?call=${call!.id}`;
      const leg = {
        AccountSid: TWILIO.accountSid,
        CallSid: callSid(),
        ParentCallSid: sid,
        From: TWILIO_NUMBER,
        To: '+919800000000',
        Direction: 'outbound-dial',
      };
      expect((await signedPost(statusPath, { ...leg, CallStatus: 'ringing' })).statusCode).toBe(200);
      expect((await signedPost(statusPath, { ...leg, CallStatus: end })).statusCode).toBe(200);
      expect(await callsOf(w.company.id), end).toMatchObject([{ status: 'missed', answered_at: null, talk_seconds: null }]);
      // an inbound call is never the owner's not-connected attempt on the lead
      const row = await db().selectFrom('leads').select('attempts').where('id', '=', lead).executeTakeFirstOrThrow();
      expect(row.attempts).toBe(0);
    }
  });

  it('tells an unknown caller nobody can take the call, and keeps the enquiry as a lead', async () => {
    const w = await company();
    const mobile = uniqueMobile();
    const res = await signedPost(`/api/telephony/twilio/${w.token}/inbound`, incoming(callSid(), `+91${mobile}`));
    expect(res.statusCode, res.body).toBe(200);
    const twiml = parseTwiml(res.body);
    expect(find(twiml, 'Dial')).toBeUndefined();
    expect(find(twiml, 'Say')).toBeDefined();
    expect(find(twiml, 'Hangup')).toBeDefined();
    const lead = await leadByMobile(db(), w.company.id, mobile);
    expect(lead.category).toBe(PHONE_ENQUIRY_CATEGORY);
    expect(await callsOf(w.company.id)).toMatchObject([{ status: 'missed', lead_id: lead.id }]);
  });

  it('refuses a forged signature and records nothing', async () => {
    const w = await company();
    const mobile = uniqueMobile();
    const form = incoming(callSid(), `+91${mobile}`);
    const forged = await signedPost(
      `/api/telephony/twilio/${w.token}/inbound`,
      form,
      twilioSignature('not-the-token', `${PUBLIC_URL}/api/telephony/twilio/${w.token}/inbound`, form),
    );
    expect(forged.statusCode).toBe(403);
    expect(await callsOf(w.company.id)).toHaveLength(0);
    expect(await db().selectFrom('leads').select('id').where('mobile', '=', mobile).execute()).toHaveLength(0);
  });
});
