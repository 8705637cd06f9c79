import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type CallEvent, HookRefused, type HookReply, type HookRequest, type InboundAnswer, ProviderError } from '../server/services/telephony/provider.js';
import { twilioProvider } from '../server/services/telephony/providers/twilio.js';
import { freePort } from './helpers/net.js';
import { type Hook, type HookAnswer, parseTwiml, recordingBytes, type StandinAccount, TwilioStandin, twilioSignature } from './helpers/twilio-standin.js';

/*
 * The Twilio provider on its own against the stand-in: the REST requests the official package sends,
 * field by field, the TwiML it answers, and the callbacks Twilio sends read into call events.
 */

const HOOKS = 'https://crm.example.com/api/telephony/twilio/hooktoken_0123456789abcdef';
const STATUS = `${HOOKS}/status`;
const ANSWER = `${HOOKS}/answer?call=7`;
const INBOUND = `${HOOKS}/inbound`;
const AGENT = '+919800000001';
const LEAD = '+919800000002';
const COMPANY = '+14155550100';
const OWNER = '+919800000004';

let standin: TwilioStandin;
let account: StandinAccount;
let provider: ReturnType<typeof twilioProvider>;
let settings: Record<string, string>;
let events: CallEvent[];
let record: boolean;
let inboundAnswer: InboundAnswer;
const inboundCalls: unknown[] = [];

const asRequest = (hook: Hook): HookRequest => ({
  method: hook.method,
  url: hook.url,
  headers: hook.signature === undefined ? {} : { 'x-twilio-signature': hook.signature },
  query: {},
  body: hook.params,
});
const answered = (reply: HookReply): HookAnswer => reply;

/** Routes the stand-in's requests to the provider as the app's routes would. */
async function deliver(hook: Hook): Promise<HookAnswer> {
  const req = asRequest(hook);
  try {
    if (hook.url === STATUS) {
      events.push(...provider.readStatusCallback(settings, req));
      return answered(provider.statusCallbackReply());
    }
    if (hook.url === ANSWER) return answered(provider.answerReply!(settings, req, { leadPhone: LEAD, callerId: COMPANY, record, statusCallbackUrl: STATUS }));
    if (hook.url === INBOUND) {
      inboundCalls.push(provider.readInbound(settings, req));
      return answered(provider.inboundReply(settings, inboundAnswer));
    }
    return { status: 404, contentType: 'text/plain', body: 'no such hook' };
  } catch (e) {
    if (e instanceof HookRefused) return { status: e.status, contentType: 'text/plain', body: e.message };
    throw e;
  }
}

const place = () =>
  provider.placeCall(settings, { callId: 7, agentPhone: AGENT, leadPhone: LEAD, callerId: COMPANY, record, statusCallbackUrl: STATUS, answerUrl: ANSWER });

beforeAll(async () => {
  standin = await TwilioStandin.start({ deliver });
  account = standin.addAccount({ numbers: [COMPANY] });
  settings = { accountSid: account.sid, authToken: account.token };
  provider = twilioProvider({ twilioApiUrl: standin.url });
});
afterAll(() => standin?.close());
beforeEach(() => {
  events = [];
  record = true;
  standin.now = () => new Date('2026-11-29T08:00:00Z');
});

describe('Twilio provider: placing a call', () => {
  it('creates a call to the telecaller from the company number, answered at the answer URL, reporting every progress', async () => {
    const before = standin.requests.length;
    const placed = await place();
    const sent = standin.requests.slice(before);
    expect(sent).toHaveLength(1);
    const req = sent[0]!;
    expect(req.method).toBe('POST');
    expect(req.path).toBe(`/2010-04-01/Accounts/${account.sid}/Calls.json`);
    expect(req.auth).toEqual({ user: account.sid, password: account.token });
    expect(req.contentType).toMatch(/^application\/x-www-form-urlencoded/);
    expect(req.headers['user-agent']).toMatch(/^twilio-node\/6\.3\.1 /);
    expect(req.form.get('To')).toBe(AGENT);
    expect(req.form.get('From')).toBe(COMPANY);
    expect(req.form.get('Url')).toBe(ANSWER);
    expect(req.form.get('Method')).toBe('POST');
    expect(req.form.get('StatusCallback')).toBe(STATUS);
    expect(req.form.getAll('StatusCallbackEvent')).toEqual(['initiated', 'ringing', 'answered', 'completed']);
    expect(req.form.get('StatusCallbackMethod')).toBe('POST');
    // the recording is the <Dial>'s (both parties, from the lead's answer), not the telecaller's leg
    expect(req.form.has('Record')).toBe(false);
    expect(req.status).toBe(201);
    expect(placed).toEqual({ providerCallId: expect.stringMatching(/^CA[0-9a-f]{32}$/), status: 'placing' });
    expect(standin.call(placed.providerCallId).to).toBe(AGENT);
  });

  it('answers the telecaller’s pick-up with a <Dial> of the lead from the company number, recorded, every leg event reported', async () => {
    const { providerCallId } = await place();
    const { answer, dial } = await standin.answer(providerCallId);
    expect(answer.status).toBe(200);
    expect(answer.contentType).toBe('text/xml');
    expect(dial).toEqual({
      attrs: { callerId: COMPANY, record: 'record-from-answer-dual', recordingStatusCallback: STATUS, recordingStatusCallbackEvent: 'completed' },
      number: LEAD,
      numberAttrs: { statusCallback: STATUS, statusCallbackEvent: 'initiated ringing answered completed', statusCallbackMethod: 'POST' },
    });

    record = false;
    const second = await place();
    const unrecorded = await standin.answer(second.providerCallId);
    expect(unrecorded.dial?.attrs).toEqual({ callerId: COMPANY });
    expect(unrecorded.dial?.number).toBe(LEAD);
  });

  it('refuses an answer request that Twilio did not sign', async () => {
    const { providerCallId } = await place();
    const call = standin.call(providerCallId);
    const forged = standin.hook(account.sid, ANSWER, { CallSid: call.sid, AccountSid: account.sid, From: COMPANY, To: AGENT, CallStatus: 'in-progress' });
    const [bad, missing] = await standin.send(
      { ...forged, signature: twilioSignature('not-the-token', ANSWER, forged.params) },
      { ...forged, signature: undefined },
    );
    expect(bad!.status).toBe(403);
    expect(missing!.status).toBe(403);
  });
});

describe('Twilio provider: status callbacks', () => {
  it('reads an answered call: the lead’s answer, the talk time of the lead’s leg, the end and the recording, all on the parent call', async () => {
    const { providerCallId: sid } = await place();
    await standin.answer(sid);
    const at = (iso: string) => {
      standin.now = () => new Date(iso);
    };
    at('2026-11-29T08:00:01Z');
    const ringing = standin.parentEvent(sid, 'ringing');
    const picked = standin.parentEvent(sid, 'in-progress');
    const leadInitiated = standin.childEvent(sid, 'initiated');
    at('2026-11-29T08:00:05Z');
    const leadRinging = standin.childEvent(sid, 'ringing');
    at('2026-11-29T08:00:10Z');
    const leadAnswered = standin.childEvent(sid, 'in-progress');
    at('2026-11-29T08:01:52Z');
    const leadCompleted = standin.childEvent(sid, 'completed', { duration: 102 });
    at('2026-11-29T08:01:53Z');
    const agentCompleted = standin.parentEvent(sid, 'completed', { duration: 112 });
    const recording = standin.recordingEvent(sid, { duration: 102 });

    const answers = await standin.send(ringing, picked, leadInitiated, leadRinging, leadAnswered, leadCompleted, agentCompleted, recording);
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200, 200, 200, 200]);
    expect(answers[0]!.body).toBe('<?xml version="1.0" encoding="UTF-8"?><Response/>');
    const recordingSid = standin.call(sid).recordingSid;
    expect(recordingSid).toMatch(/^RE[0-9a-f]{32}$/);
    expect(events).toEqual([
      { providerCallId: sid, status: 'ringing' },
      { providerCallId: sid, status: 'ringing' },
      { providerCallId: sid },
      { providerCallId: sid, status: 'ringing' },
      { providerCallId: sid, status: 'in_progress', answeredAt: '2026-11-29T08:00:10.000Z' },
      { providerCallId: sid, status: 'completed', talkSeconds: 102, endedAt: '2026-11-29T08:01:52.000Z', answeredAt: '2026-11-29T08:00:10.000Z' },
      { providerCallId: sid, endedAt: '2026-11-29T08:01:53.000Z' },
      { providerCallId: sid, recordingRef: recordingSid },
    ]);
  });

  it('reads the lead not reached as busy, no answer, failed or canceled', async () => {
    for (const [twilio, ours] of [
      ['busy', 'busy'],
      ['no-answer', 'no_answer'],
      ['failed', 'failed'],
      ['canceled', 'canceled'],
    ] as const) {
      events = [];
      const { providerCallId: sid } = await place();
      await standin.answer(sid);
      await standin.send(standin.childEvent(sid, 'ringing'), standin.childEvent(sid, twilio));
      expect(events).toEqual([
        { providerCallId: sid, status: 'ringing' },
        { providerCallId: sid, status: ours, endedAt: '2026-11-29T08:00:00.000Z' },
      ]);
    }
  });

  it('reads the telecaller not answering (or busy, or unreachable) as agent_missed: the lead was never dialled', async () => {
    for (const status of ['no-answer', 'busy', 'failed'] as const) {
      events = [];
      const { providerCallId: sid } = await place();
      await standin.send(standin.parentEvent(sid, 'initiated'), standin.parentEvent(sid, 'ringing'), standin.parentEvent(sid, status));
      expect(events).toEqual([
        { providerCallId: sid },
        { providerCallId: sid, status: 'ringing' },
        { providerCallId: sid, status: 'agent_missed', endedAt: '2026-11-29T08:00:00.000Z' },
      ]);
      expect(standin.call(sid).dial).toBeUndefined();
    }
  });

  it('reads the same facts whatever the order and however often they come', async () => {
    const { providerCallId: sid } = await place();
    await standin.answer(sid);
    const answeredLead = standin.childEvent(sid, 'in-progress');
    const completedLead = standin.childEvent(sid, 'completed', { duration: 30 });
    await standin.send(completedLead, completedLead, answeredLead);
    expect(events.map((e) => [e.status, e.talkSeconds])).toEqual([
      ['completed', 30],
      ['completed', 30],
      ['in_progress', undefined],
    ]);
  });

  it('refuses a forged, unsigned, altered or another account’s callback (403), and junk that Twilio signed (400)', async () => {
    const { providerCallId: sid } = await place();
    await standin.answer(sid);
    const real = standin.childEvent(sid, 'completed', { duration: 60 });
    const other = standin.addAccount();
    const answers = await standin.send(
      { ...real, signature: 'bm90IGEgc2lnbmF0dXJl' },
      { ...real, signature: undefined },
      { ...real, params: { ...real.params, CallDuration: '6000' } },
      { ...real, signature: twilioSignature(other.token, real.url, real.params) },
      standin.hook(account.sid, STATUS, { Hello: 'world' }),
      standin.hook(account.sid, STATUS, { CallSid: sid, CallStatus: 'exploded' }),
      standin.hook(account.sid, STATUS, { CallSid: 'CA1', CallStatus: 'completed' }),
      standin.hook(account.sid, STATUS, { CallSid: sid, RecordingStatus: 'completed', RecordingSid: '../../etc/passwd' }),
      standin.hook(account.sid, STATUS, { CallSid: sid, CallStatus: 'completed', ParentCallSid: 'nope' }),
    );
    expect(answers.map((a) => a.status)).toEqual([403, 403, 403, 403, 400, 400, 400, 400, 400]);
    expect(events).toEqual([]);
    // the untouched one still reads
    await standin.send(real);
    expect(events).toEqual([expect.objectContaining({ providerCallId: sid, status: 'completed', talkSeconds: 60 })]);
  });

  it('keeps a price when a callback carries one, as the positive amount charged (Twilio documents it on the Call resource; its callbacks may omit it)', async () => {
    const { providerCallId: sid } = await place();
    await standin.answer(sid);
    const completed = standin.childEvent(sid, 'completed', { duration: 61 });
    const priced = { ...completed.params, Price: '-0.01750', PriceUnit: 'USD' };
    await standin.send(standin.hook(account.sid, STATUS, priced), standin.hook(account.sid, STATUS, { ...priced, Price: 'free', PriceUnit: 'dollars' }));
    expect(events.map((e) => [e.cost, e.costCurrency])).toEqual([
      ['0.01750', 'USD'],
      [undefined, undefined],
    ]);
  });

  it('checks the signature of a GET callback against its query string', () => {
    const url = `${STATUS}?CallSid=CA${'1'.repeat(32)}&CallStatus=ringing`;
    const req: HookRequest = {
      method: 'GET',
      url,
      headers: { 'x-twilio-signature': twilioSignature(account.token, url, {}) },
      query: { CallSid: `CA${'1'.repeat(32)}`, CallStatus: 'ringing' },
      body: undefined,
    };
    expect(provider.readStatusCallback(settings, req)).toEqual([{ providerCallId: `CA${'1'.repeat(32)}`, status: 'ringing' }]);
    expect(() => provider.readStatusCallback(settings, { ...req, url: `${STATUS}?CallSid=CA${'2'.repeat(32)}&CallStatus=ringing` })).toThrow(HookRefused);
  });
});

describe('Twilio provider: inbound calls', () => {
  it('reads the number’s voice webhook and puts the call through to the owner from the company number, reporting the owner’s leg', async () => {
    inboundAnswer = { connect: { phone: OWNER, callerId: COMPANY, record: true, statusCallbackUrl: STATUS } };
    const { sid, answer, dial } = await standin.inboundCall(INBOUND, account.sid, { from: LEAD, to: COMPANY });
    expect(inboundCalls.at(-1)).toEqual({ providerCallId: sid, from: LEAD, to: COMPANY });
    expect(answer.status).toBe(200);
    expect(dial).toMatchObject({ attrs: { callerId: COMPANY, record: 'record-from-answer-dual', recordingStatusCallback: STATUS }, number: OWNER });
    await standin.send(standin.childEvent(sid, 'in-progress'), standin.childEvent(sid, 'completed', { duration: 12 }));
    expect(events.map((e) => [e.providerCallId, e.status, e.talkSeconds])).toEqual([
      [sid, 'in_progress', undefined],
      [sid, 'completed', 12],
    ]);
  });

  it('answers a missed call with a polite message and hangs up', async () => {
    inboundAnswer = { missed: true };
    const { answer, dial } = await standin.inboundCall(INBOUND, account.sid, { from: '+919811111111', to: COMPANY });
    expect(dial).toBeUndefined();
    const response = parseTwiml(answer.body).children[0]!;
    expect(response.children.map((n) => n.name)).toEqual(['Say', 'Hangup']);
    expect(response.children[0]!.text).toMatch(/call you back/);
  });

  it('refuses an unsigned inbound call', async () => {
    inboundAnswer = { missed: true };
    const count = inboundCalls.length;
    const hook = standin.hook(account.sid, INBOUND, { CallSid: `CA${'3'.repeat(32)}`, From: LEAD, To: COMPANY, CallStatus: 'ringing' });
    const [answer] = await standin.send({ ...hook, signature: undefined });
    expect(answer!.status).toBe(403);
    expect(inboundCalls).toHaveLength(count);
  });
});

describe('Twilio provider: credentials, errors and recordings', () => {
  it('checks the credentials by fetching the account', async () => {
    const before = standin.requests.length;
    await expect(provider.checkCredentials(settings)).resolves.toBeUndefined();
    const [req] = standin.requests.slice(before);
    expect(req).toMatchObject({
      method: 'GET',
      path: `/2010-04-01/Accounts/${account.sid}.json`,
      auth: { user: account.sid, password: account.token },
      status: 200,
    });
    await expect(provider.checkCredentials({ ...settings, authToken: 'wrong' })).rejects.toEqual(
      new ProviderError('Twilio did not accept the Account SID and auth token', 'refused'),
    );
  });

  it('says when Twilio cannot be reached, without the token', async () => {
    const nowhere = twilioProvider({ twilioApiUrl: `http://127.0.0.1:${await freePort()}` });
    const err = await nowhere.checkCredentials(settings).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ProviderError);
    expect(err).toMatchObject({ reason: 'unreachable', message: 'Could not reach Twilio to check the account' });
    const placing = await nowhere
      .placeCall(settings, { callId: 1, agentPhone: AGENT, leadPhone: LEAD, callerId: COMPANY, record, statusCallbackUrl: STATUS, answerUrl: ANSWER })
      .catch((e: unknown) => e);
    expect(placing).toMatchObject({ reason: 'unreachable', message: 'Could not reach Twilio to place the call' });
    expect(JSON.stringify([err, placing, (err as Error).message])).not.toContain(account.token);
  });

  it('turns Twilio’s error answers into clear messages', async () => {
    const bad = (agentPhone: string, callerId = COMPANY) =>
      provider
        .placeCall(settings, { callId: 1, agentPhone, leadPhone: LEAD, callerId, record, statusCallbackUrl: STATUS, answerUrl: ANSWER })
        .catch((e: unknown) => e);
    expect(await bad('98000')).toEqual(new ProviderError("Twilio refused to place the call: Invalid 'To' Phone Number: 98000 (Twilio error 21211)", 'refused'));
    expect(await bad(AGENT, '+14155550199')).toMatchObject({
      reason: 'refused',
      message: expect.stringMatching(
        /^Twilio refused to place the call: The source phone number provided, \+14155550199, is not yet verified.*\(Twilio error 21210\)$/,
      ),
    });
    standin.failNext({ status: 503, body: { code: 20500, message: 'Service unavailable', status: 503 } });
    expect(await bad(AGENT)).toEqual(new ProviderError('Twilio could not place the call just now (HTTP 503); try again', 'unreachable'));
    const wrong = await provider
      .placeCall(
        { ...settings, authToken: 'wrong' },
        { callId: 1, agentPhone: AGENT, leadPhone: LEAD, callerId: COMPANY, record, statusCallbackUrl: STATUS, answerUrl: ANSWER },
      )
      .catch((e: unknown) => e);
    expect(wrong).toEqual(new ProviderError('Twilio did not accept the Account SID and auth token', 'refused'));
  });

  it('fetches a recording’s media with the account’s credentials, honouring Range', async () => {
    const { providerCallId: sid } = await place();
    await standin.answer(sid);
    await standin.send(standin.recordingEvent(sid, { duration: 20 }));
    const ref = events.at(-1)!.recordingRef!;
    const bytes = recordingBytes(ref);

    const part = await provider.fetchRecording(settings, ref, 'bytes=100-199');
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe(`bytes 100-199/${bytes.length}`);
    expect(Buffer.from(await part.arrayBuffer())).toEqual(bytes.subarray(100, 200));
    const req = standin.requests.at(-1)!;
    expect(req).toMatchObject({
      method: 'GET',
      path: `/2010-04-01/Accounts/${account.sid}/Recordings/${ref}.mp3`,
      auth: { user: account.sid, password: account.token },
    });
    expect(req.headers.range).toBe('bytes=100-199');

    const whole = await provider.fetchRecording(settings, ref);
    expect(whole.status).toBe(200);
    expect(whole.headers.get('content-type')).toBe('audio/mpeg');
    expect(Buffer.from(await whole.arrayBuffer())).toEqual(bytes);

    await expect(provider.fetchRecording(settings, '../../Calls.json')).rejects.toBeInstanceOf(ProviderError);
    await expect(provider.fetchRecording(settings, `RE${'0'.repeat(32)}`)).rejects.toEqual(new ProviderError('Twilio no longer has this recording', 'refused'));
    await expect(provider.fetchRecording({ ...settings, authToken: 'wrong' }, ref)).rejects.toEqual(
      new ProviderError('Twilio did not accept the Account SID and auth token', 'refused'),
    );
    standin.failNext({ status: 503, body: 'down' });
    await expect(provider.fetchRecording(settings, ref)).rejects.toMatchObject({ reason: 'unreachable' });
  });

  it('follows the media’s redirect once, without sending the account’s credentials there', async () => {
    const { providerCallId: sid } = await place();
    await standin.answer(sid);
    await standin.send(standin.recordingEvent(sid));
    const ref = events.at(-1)!.recordingRef!;
    standin.redirectMedia = true;
    try {
      const before = standin.requests.length;
      const res = await provider.fetchRecording(settings, ref, 'bytes=0-9');
      expect(res.status).toBe(206);
      expect(Buffer.from(await res.arrayBuffer())).toEqual(recordingBytes(ref).subarray(0, 10));
      const [asked, stored] = standin.requests.slice(before);
      expect(asked).toMatchObject({ path: `/2010-04-01/Accounts/${account.sid}/Recordings/${ref}.mp3`, status: 302, auth: { user: account.sid } });
      expect(stored).toMatchObject({ path: `/media/${ref}.mp3`, status: 206, auth: null });
      expect(stored!.headers.range).toBe('bytes=0-9');
    } finally {
      standin.redirectMedia = false;
    }
  });
});
