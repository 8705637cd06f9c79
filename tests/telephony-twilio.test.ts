import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialects, testAppFor } from './helpers/app.js';
import { team } from './helpers/company.js';
import { insertUploadedLead, uniqueMobile } from './helpers/fixtures.js';
import { mutate, query } from './helpers/http.js';
import { storeTelephony } from './helpers/telephony.js';
import { deliverByInject, type Hook, recordingBytes, type StandinAccount, TwilioStandin, twilioSignature } from './helpers/twilio-standin.js';
import { nowIso } from '../server/db/dialect.js';
import { settleEndedCalls } from '../server/services/telephony/calls.service.js';
import { toE164 } from '../shared/mobile.js';
import { LEAD_STATUS } from '../shared/lead-status.js';

/*
 * Click-to-call through Twilio, end to end: the app places the call through the official package
 * against the stand-in, which then acts as Twilio does (the answer request, the signed callbacks of
 * both legs and of the recording, in order, out of order, repeated), and the calls row and the lead
 * show what happened.
 */

const PUBLIC_URL = 'https://crm.example.com';
// Twilio calls Indian leads from a number of another country (docs/telephony.md#twilio)
const COMPANY_NUMBER = '+14155550100';

describe.each(dialects)('Twilio click-to-call on %s', (dialect) => {
  const env: Record<string, string> = { PUBLIC_URL };
  let standin: TwilioStandin;
  beforeAll(async () => {
    // t.app exists by the time the stand-in first calls the app
    standin = await TwilioStandin.start({ deliver: deliverByInject(() => t.app, PUBLIC_URL) });
    env.TWILIO_API_URL = standin.url;
  });
  const t = testAppFor(dialect, env);
  afterAll(() => standin?.close());
  const db = () => t.deps.db;

  async function twilioCompany(opts: { record?: boolean; companyNumber?: string } = {}) {
    const w = await team(t);
    const account: StandinAccount = standin.addAccount({ numbers: [opts.companyNumber ? toE164(opts.companyNumber) : COMPANY_NUMBER] });
    const token = await storeTelephony(
      t,
      w.company.id,
      'twilio',
      { accountSid: account.sid, authToken: account.token },
      { callerIds: [opts.companyNumber ?? COMPANY_NUMBER], record: opts.record },
    );
    const agentMobile = uniqueMobile();
    await db().updateTable('users').set({ call_phone: agentMobile }).where('id', '=', w.caller.id).execute();
    const leadMobile = uniqueMobile();
    const leadId = await insertUploadedLead(db(), w.company.id, {
      mobile: leadMobile,
      telicaller_id: w.caller.id,
      telicaller_send_date: nowIso(),
      status: LEAD_STATUS.noSubmit,
    });
    return { ...w, account, token, agentMobile, leadMobile, leadId, hooks: `${PUBLIC_URL}/api/telephony/twilio/${token}` };
  }

  async function placed(w: Awaited<ReturnType<typeof twilioCompany>>) {
    const res = await mutate(t.app, 'telephony.placeCall', { leadId: w.leadId }, w.caller.session);
    expect(res.status, JSON.stringify(res.error)).toBe(200);
    const row = await callRow(res.data.id);
    return { callId: res.data.id, sid: row.provider_call_id! };
  }

  const callRow = (id: number) => db().selectFrom('calls').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const leadRow = (id: number) => db().selectFrom('leads').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const historyRows = (leadId: number) => db().selectFrom('lead_history').selectAll().where('lead_id', '=', leadId).orderBy('id').execute();
  /** The calls row of a conversation that ended, with its recording. */
  async function expectConversation(callId: number, sid: string, facts: { answered: string; ended: string; talk: number }) {
    expect(await callRow(callId)).toMatchObject({
      status: 'completed',
      answered_at: facts.answered,
      ended_at: facts.ended,
      talk_seconds: facts.talk,
      recording_ref: standin.call(sid).recordingSid,
    });
  }
  const at = (iso: string) => {
    standin.now = () => new Date(iso);
  };

  it('rings the telecaller through Twilio, dials the lead when they answer, and keeps the talk time and the recording', async () => {
    const w = await twilioCompany();
    const before = standin.requests.length;
    const { callId, sid } = await placed(w);

    // the request the official package sent, field by field
    const [create] = standin.requests.slice(before);
    expect(create).toMatchObject({ method: 'POST', path: `/2010-04-01/Accounts/${w.account.sid}/Calls.json`, status: 201 });
    expect(create!.auth).toEqual({ user: w.account.sid, password: w.account.token });
    expect(Object.fromEntries(create!.form)).toEqual({
      To: `+91${w.agentMobile}`,
      From: COMPANY_NUMBER,
      Url: `${w.hooks}/answer?call=${callId}`,
      Method: 'POST',
      StatusCallback: `${w.hooks}/status?call=${callId}`,
      StatusCallbackEvent: 'completed',
      StatusCallbackMethod: 'POST',
    });
    expect(create!.form.getAll('StatusCallbackEvent')).toEqual(['initiated', 'ringing', 'answered', 'completed']);
    expect(await callRow(callId)).toMatchObject({
      provider: 'twilio',
      provider_call_id: sid,
      status: 'placing',
      from_number: COMPANY_NUMBER,
      direction: 'outbound',
    });
    expect(sid).toBe(standin.call(sid).sid);

    at('2026-11-29T08:00:01Z');
    await standin.send(standin.parentEvent(sid, 'initiated'), standin.parentEvent(sid, 'ringing'));
    expect((await callRow(callId)).status).toBe('ringing');

    // the telecaller picks up: the app answers with the <Dial> of the lead
    const { answer, dial } = await standin.answer(sid);
    expect(answer).toMatchObject({ status: 200, contentType: expect.stringMatching(/^text\/xml/) });
    expect(dial).toEqual({
      attrs: {
        callerId: COMPANY_NUMBER,
        record: 'record-from-answer-dual',
        recordingStatusCallback: `${w.hooks}/status?call=${callId}`,
        recordingStatusCallbackEvent: 'completed',
      },
      number: `+91${w.leadMobile}`,
      numberAttrs: {
        statusCallback: `${w.hooks}/status?call=${callId}`,
        statusCallbackEvent: 'initiated ringing answered completed',
        statusCallbackMethod: 'POST',
      },
    });

    at('2026-11-29T08:00:06Z');
    const answers = await standin.send(standin.parentEvent(sid, 'in-progress'), standin.childEvent(sid, 'initiated'), standin.childEvent(sid, 'ringing'));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
    at('2026-11-29T08:00:12Z');
    await standin.send(standin.childEvent(sid, 'in-progress'));
    expect(await callRow(callId)).toMatchObject({ status: 'in_progress', answered_at: '2026-11-29T08:00:12.000Z', ended_at: null });
    at('2026-11-29T08:01:47Z');
    await standin.send(standin.childEvent(sid, 'completed', { duration: 95 }));
    at('2026-11-29T08:01:48Z');
    await standin.send(standin.parentEvent(sid, 'completed', { duration: 107 }), standin.recordingEvent(sid, { duration: 95 }));

    await expectConversation(callId, sid, { answered: '2026-11-29T08:00:12.000Z', ended: '2026-11-29T08:01:47.000Z', talk: 95 });
    const state = await query(t.app, 'telephony.callState', { callId }, w.caller.session);
    expect(state.data).toMatchObject({ id: callId, status: 'completed', talkSeconds: 95, attempt: null });
    // a conversation is not an attempt: the telecaller chooses its outcome
    expect((await leadRow(w.leadId)).attempts).toBe(0);
    expect(await historyRows(w.leadId)).toHaveLength(0);
  });

  it('records a lead who did not answer as the telecaller’s not-connected attempt, once', async () => {
    // a company number kept as its 10 Indian digits: Twilio is given it in E.164
    const w = await twilioCompany({ record: false, companyNumber: '8047112233' });
    const { callId, sid } = await placed(w);
    expect(standin.call(sid).from).toBe('+918047112233');
    const { dial } = await standin.answer(sid);
    expect(dial?.attrs).toEqual({ callerId: '+918047112233' });
    const noAnswer = standin.childEvent(sid, 'no-answer');
    // the telecaller's leg may report its end before the lead's does
    await standin.send(standin.childEvent(sid, 'ringing'), standin.parentEvent(sid, 'completed', { duration: 31 }), noAnswer, noAnswer);

    expect((await callRow(callId)).status).toBe('no_answer');
    const lead = await leadRow(w.leadId);
    expect(lead.attempts).toBe(1);
    const history = await historyRows(w.leadId);
    expect(history).toHaveLength(1);
    expect(history[0]).toMatchObject({ kind: 'attempt', outcome: 'no_answer', user_id: w.caller.id, call_id: callId, call_via: 'provider', call_duration: 0 });
    const state = await query(t.app, 'telephony.callState', { callId }, w.caller.session);
    expect(state.data).toMatchObject({ status: 'no_answer', attempt: { attempts: 1 } });
  });

  it('follows a call step by step as the phone sees it', async () => {
    const w = await twilioCompany();
    const { callId } = await placed(w);
    const sid = standin.latestCall().sid;
    const state = async () => (await query(t.app, 'telephony.callState', { callId }, w.caller.session)).data;
    await standin.ringAgent(sid);
    expect(await state()).toMatchObject({ status: 'ringing', answeredAt: null });
    expect(await standin.agentPicksUp(sid)).toMatchObject({ number: `+91${w.leadMobile}` });
    expect(await state()).toMatchObject({ status: 'ringing', answeredAt: null });
    await standin.leadAnswers(sid);
    expect(await state()).toMatchObject({ status: 'in_progress', answeredAt: expect.any(String), endedAt: null });
    await standin.hangUp(sid, 64);
    expect(await state()).toMatchObject({ status: 'completed', talkSeconds: 64, endedAt: expect.any(String) });
    const ref = (await callRow(callId)).recording_ref!;
    expect(ref).toBe(standin.call(sid).recordingSid);
    // heard through the server, fetched from Twilio with the company's credentials
    const heard = await t.app.inject({ method: 'GET', url: `/api/recordings/${callId}`, headers: { cookie: w.caller.session.cookie, range: 'bytes=0-1023' } });
    expect(heard.statusCode).toBe(206);
    expect(heard.rawPayload).toEqual(recordingBytes(ref).subarray(0, 1024));
    expect(standin.requests.at(-1)).toMatchObject({
      path: `/2010-04-01/Accounts/${w.account.sid}/Recordings/${ref}.mp3`,
      auth: { user: w.account.sid, password: w.account.token },
    });
    expect(heard.body).not.toContain(w.account.token);

    const second = await twilioCompany();
    const unanswered = await placed(second);
    await standin.ringAgent(unanswered.sid);
    await standin.agentPicksUp(unanswered.sid);
    await standin.leadUnanswered(unanswered.sid, 'busy');
    expect((await query(t.app, 'telephony.callState', { callId: unanswered.callId }, second.caller.session)).data).toMatchObject({
      status: 'busy',
      attempt: { attempts: 1 },
    });

    const third = await twilioCompany();
    const missed = await placed(third);
    await standin.ringAgent(missed.sid);
    await standin.agentMisses(missed.sid);
    expect((await callRow(missed.callId)).status).toBe('agent_missed');
  });

  it('records a busy lead as busy, and the telecaller’s own phone not answered as agent_missed without an attempt', async () => {
    const busy = await twilioCompany();
    const first = await placed(busy);
    await standin.answer(first.sid);
    await standin.send(standin.childEvent(first.sid, 'busy'));
    expect((await callRow(first.callId)).status).toBe('busy');
    expect((await historyRows(busy.leadId))[0]).toMatchObject({ kind: 'attempt', outcome: 'busy', call_id: first.callId });

    const missed = await twilioCompany();
    const second = await placed(missed);
    await standin.send(standin.parentEvent(second.sid, 'ringing'), standin.parentEvent(second.sid, 'no-answer'));
    expect((await callRow(second.callId)).status).toBe('agent_missed');
    expect((await leadRow(missed.leadId)).attempts).toBe(0);
    expect(await historyRows(missed.leadId)).toHaveLength(0);
  });

  it('applies callbacks once whatever their order and repeats', async () => {
    const w = await twilioCompany();
    const { callId, sid } = await placed(w);
    await standin.answer(sid);
    at('2026-11-29T09:00:00Z');
    const ringing = standin.parentEvent(sid, 'ringing');
    const leadAnswered = standin.childEvent(sid, 'in-progress');
    at('2026-11-29T09:00:40Z');
    const leadCompleted = standin.childEvent(sid, 'completed', { duration: 40 });
    const agentCompleted = standin.parentEvent(sid, 'completed', { duration: 45 });
    const recording = standin.recordingEvent(sid, { duration: 40 });
    const answers = await standin.send(recording, leadCompleted, agentCompleted, ringing, leadCompleted, leadAnswered, recording, ringing);
    expect(answers.every((a) => a.status === 200)).toBe(true);
    await expectConversation(callId, sid, { answered: '2026-11-29T09:00:00.000Z', ended: '2026-11-29T09:00:40.000Z', talk: 40 });
    expect(await historyRows(w.leadId)).toHaveLength(0);
  });

  it('settles a call whose lead leg never reported (the answer request failed): ended before anyone answered, no attempt; one the lead answered, a conversation', async () => {
    const w = await twilioCompany();
    const { callId, sid } = await placed(w);
    // The telecaller picks up, the answer request fails, Twilio hangs up: only the telecaller's leg reports.
    at('2026-11-29T10:00:00Z');
    await standin.send(standin.parentEvent(sid, 'ringing'), standin.parentEvent(sid, 'in-progress'));
    at('2026-11-29T10:00:09Z');
    await standin.send(standin.parentEvent(sid, 'completed', { duration: 9 }));
    expect(await callRow(callId)).toMatchObject({ status: 'ringing', ended_at: '2026-11-29T10:00:09.000Z' });

    // The lead's leg may still report for a while: not settled yet.
    await settleEndedCalls(t.deps, new Date('2026-11-29T10:01:00Z'));
    expect((await callRow(callId)).status).toBe('ringing');
    await settleEndedCalls(t.deps, new Date('2026-11-29T10:02:10Z'));
    expect(await callRow(callId)).toMatchObject({ status: 'canceled', answered_at: null, ended_at: '2026-11-29T10:00:09.000Z', talk_seconds: null });
    expect((await query(t.app, 'telephony.callState', { callId }, w.caller.session)).data).toMatchObject({ status: 'canceled', attempt: null });
    expect((await leadRow(w.leadId)).attempts).toBe(0);
    expect(await historyRows(w.leadId)).toHaveLength(0);
    // Twilio retrying the telecaller's end changes nothing, nor does another round
    await standin.send(standin.parentEvent(sid, 'completed', { duration: 9 }));
    await settleEndedCalls(t.deps, new Date('2026-11-29T10:05:00Z'));
    expect(await callRow(callId)).toMatchObject({ status: 'canceled', ended_at: '2026-11-29T10:00:09.000Z' });
    expect((await leadRow(w.leadId)).attempts).toBe(0);

    // The lead answered, and the report of its leg's end was lost: a conversation, timed from the answer to the end.
    const other = await twilioCompany();
    const second = await placed(other);
    await standin.answer(second.sid);
    at('2026-11-29T10:10:00Z');
    await standin.send(standin.childEvent(second.sid, 'in-progress'));
    at('2026-11-29T10:10:33Z');
    await standin.send(standin.parentEvent(second.sid, 'completed', { duration: 40 }));
    await settleEndedCalls(t.deps, new Date('2026-11-29T10:13:00Z'));
    expect(await callRow(second.callId)).toMatchObject({ status: 'completed', answered_at: '2026-11-29T10:10:00.000Z', talk_seconds: 33 });
  });

  it('refuses forged, unsigned, altered and foreign callbacks and junk, and changes nothing', async () => {
    const a = await twilioCompany();
    const { callId, sid } = await placed(a);
    await standin.answer(sid);
    const real = standin.childEvent(sid, 'no-answer');
    const before = await callRow(callId);

    const other = await twilioCompany();
    const otherCall = await placed(other);
    await standin.answer(otherCall.sid);
    const rehomed = (h: Hook, url: string, token: string): Hook => ({ ...h, url, signature: twilioSignature(token, url, h.params) });
    const answers = await standin.send(
      { ...real, signature: twilioSignature('guessed-token', real.url, real.params) },
      { ...real, signature: undefined },
      { ...real, params: { ...real.params, CallStatus: 'busy' } },
      // another company's genuine callback, replayed to this company's address
      { ...standin.childEvent(otherCall.sid, 'ringing'), url: real.url },
      // this company's call reported to the other company's address, signed with its token
      rehomed(real, `${other.hooks}/status`, other.account.token),
      standin.hook(a.account.sid, `${a.hooks}/status?call=${callId}`, { Hello: 'world' }),
      standin.hook(a.account.sid, `${a.hooks}/status`, { CallSid: `CA${'0'.repeat(32)}`, CallStatus: 'busy' }),
      { ...real, url: `${PUBLIC_URL}/api/telephony/twilio/${'x'.repeat(32)}/status` },
    );
    expect(answers.map((r) => r.status)).toEqual([403, 403, 403, 403, 404, 400, 404, 404]);
    expect(await callRow(callId)).toEqual(before);
    expect(await historyRows(a.leadId)).toHaveLength(0);

    const huge = await t.app.inject({
      method: 'POST',
      url: `/api/telephony/twilio/${a.token}/status`,
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-twilio-signature': real.signature! },
      payload: `CallSid=${sid}&Junk=${'x'.repeat(64 * 1024)}`,
    });
    expect(huge.statusCode).toBe(413);

    // the genuine one still applies
    await standin.send(real);
    expect((await callRow(callId)).status).toBe('no_answer');
  });

  it('answers the pick-up only for a call of the company, signed by Twilio', async () => {
    const w = await twilioCompany();
    const { callId, sid } = await placed(w);
    const url = `${w.hooks}/answer?call=${callId}`;
    const params = { AccountSid: w.account.sid, CallSid: sid, CallStatus: 'in-progress', From: COMPANY_NUMBER, To: `+91${w.agentMobile}` };
    const forged = { ...standin.hook(w.account.sid, url, params), signature: twilioSignature('guess', url, params) };
    const other = await twilioCompany();
    const othersCall = await placed(other);
    const [bad, foreign] = await standin.send(forged, standin.hook(w.account.sid, `${w.hooks}/answer?call=${othersCall.callId}`, params));
    expect(bad!.status).toBe(403);
    expect(foreign!.status).toBe(404);
  });

  it('checks Twilio credentials when the company saves them, then places calls with what it saved', async () => {
    const w = await team(t);
    const account = standin.addAccount({ numbers: [COMPANY_NUMBER] });
    const form = (authToken: string) => ({
      provider: 'twilio',
      settings: { accountSid: account.sid, authToken },
      callerIds: ['+1 415 555 0100'],
      record: true,
      headsHearTeam: true,
      callersHearOwn: true,
      dialerCountdownSeconds: 5,
      enabled: true,
    });
    const stored = () => db().selectFrom('telephony_settings').selectAll().where('subadmin_id', '=', w.company.id).executeTakeFirst();

    const refused = await mutate(t.app, 'telephonySettings.save', form('not-the-token'), w.owner);
    expect(refused.status).toBe(400);
    expect(refused.error?.message).toBe('Twilio did not accept the Account SID and auth token');
    expect(standin.requests.at(-1)).toMatchObject({ method: 'GET', path: `/2010-04-01/Accounts/${account.sid}.json`, status: 401 });
    standin.failNext({ status: 503, body: { code: 20500, message: 'Service Unavailable', status: 503 } });
    const down = await mutate(t.app, 'telephonySettings.save', form(account.token), w.owner);
    expect(down.error?.message).toBe('Twilio could not check the account just now (HTTP 503); try again');
    expect(await stored()).toBeUndefined();

    const saved = await mutate(t.app, 'telephonySettings.save', form(account.token), w.owner);
    expect(saved.status, JSON.stringify(saved.error)).toBe(200);
    expect(standin.requests.at(-1)).toMatchObject({
      method: 'GET',
      path: `/2010-04-01/Accounts/${account.sid}.json`,
      auth: { user: account.sid, password: account.token },
      status: 200,
    });
    expect(JSON.stringify(saved.data)).not.toContain(account.token);
    const leadId = await insertUploadedLead(db(), w.company.id, { telicaller_id: w.caller.id, telicaller_send_date: nowIso(), status: LEAD_STATUS.noSubmit });
    const res = await mutate(t.app, 'telephony.placeCall', { leadId }, w.caller.session);
    expect(res.status, JSON.stringify(res.error)).toBe(200);
    const call = standin.latestCall();
    expect(call).toMatchObject({
      accountSid: account.sid,
      from: COMPANY_NUMBER,
      url: `${PUBLIC_URL}/api/telephony/twilio/${(await stored())!.hook_token}/answer?call=${res.data.id}`,
    });
  });

  it('says what Twilio refused, ends the call failed, and lets the telecaller call from their phone', async () => {
    const w = await twilioCompany();
    standin.failNext({ status: 401, body: { code: 20003, message: 'Authenticate', more_info: 'https://www.twilio.com/docs/errors/20003', status: 401 } });
    const res = await mutate(t.app, 'telephony.placeCall', { leadId: w.leadId }, w.caller.session);
    expect(res.status).toBe(400);
    expect(res.error?.message).toBe('Twilio did not accept the Account SID and auth token');
    const [row] = await db().selectFrom('calls').selectAll().where('lead_id', '=', w.leadId).execute();
    expect(row).toMatchObject({ status: 'failed', provider_call_id: null });
    expect(row!.ended_at).not.toBeNull();
  });
});
