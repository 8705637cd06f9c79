import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { exotelProvider } from '../server/services/telephony/providers/exotel.js';
import { HookRefused, type HookRequest, ProviderError } from '../server/services/telephony/provider.js';
import { ExotelStandin, exotelTime } from './helpers/exotel-standin.js';
import { freePort } from './helpers/net.js';

const HOOK = 'https://crm.example.in/api/telephony/exotel/tok_abcdefghijklmnopqrstuvwxyz/status';
const ANSWER = 'https://crm.example.in/api/telephony/exotel/tok_abcdefghijklmnopqrstuvwxyz/answer';

const placeReq = (over: Partial<Parameters<ReturnType<typeof exotelProvider>['placeCall']>[1]> = {}) => ({
  callId: 321,
  agentPhone: '+919800000001',
  leadPhone: '+919811111111',
  callerId: '08047112233',
  record: true,
  statusCallbackUrl: HOOK,
  answerUrl: ANSWER,
  ...over,
});

const post = (body: unknown): HookRequest => ({ method: 'POST', url: HOOK, headers: { 'content-type': 'application/json' }, query: {}, body });
const get = (query: Record<string, string>): HookRequest => ({ method: 'GET', url: HOOK, headers: {}, query, body: undefined });

async function refusal(p: Promise<unknown>): Promise<ProviderError> {
  const err = await p.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(ProviderError);
  return err as ProviderError;
}

function hookRefusal(fn: () => unknown): HookRefused {
  try {
    fn();
  } catch (e) {
    expect(e).toBeInstanceOf(HookRefused);
    return e as HookRefused;
  }
  throw new Error('the callback was not refused');
}

describe('Exotel provider against the stand-in', () => {
  let exotel: ExotelStandin;
  let provider: ReturnType<typeof exotelProvider>;
  beforeAll(async () => {
    exotel = await ExotelStandin.start();
    provider = exotelProvider({ exotelApiUrl: exotel.url });
  });
  afterAll(() => exotel?.close());

  it('places a call with the documented request, field by field, and reads the call id', async () => {
    const before = exotel.requests.length;
    const placed = await provider.placeCall(exotel.settings(), placeReq());
    const req = exotel.requests[before]!;
    expect(req.method).toBe('POST');
    expect(req.path).toBe(`/v1/Accounts/${exotel.credentials.accountSid}/Calls/connect.json`);
    expect(req.query).toEqual({});
    expect(req.auth).toEqual({ user: exotel.credentials.apiKey, password: exotel.credentials.apiToken });
    expect(req.contentType).toBe('application/x-www-form-urlencoded');
    expect(req.form).toEqual({
      From: '+919800000001',
      To: '+919811111111',
      CallerId: '08047112233',
      Record: 'true',
      StatusCallback: HOOK,
      'StatusCallbackEvents[0]': 'terminal',
      'StatusCallbackEvents[1]': 'answered',
      StatusCallbackContentType: 'application/json',
      CustomField: '321',
    });
    expect(placed).toEqual({ providerCallId: exotel.placed().at(-1)!.sid, status: 'ringing' });
    // the token travels in the Authorization header only, never in the address
    expect(req.path + JSON.stringify(req.query)).not.toContain(exotel.credentials.apiToken);

    await provider.placeCall(exotel.settings(), placeReq({ record: false }));
    expect(exotel.requests.at(-1)!.form.Record).toBe('false');
  });

  it('maps refusals to clear messages without secrets, and no answer to unreachable', async () => {
    const wrong = { ...exotel.settings(), apiToken: 'not-the-token' };
    const bad = await refusal(provider.placeCall(wrong, placeReq()));
    expect(bad).toMatchObject({ reason: 'refused', message: 'Exotel did not accept the API key and token.' });

    const otherSid = await refusal(provider.placeCall({ ...exotel.settings(), accountSid: 'someone-else' }, placeReq()));
    expect(otherSid.reason).toBe('refused');
    expect(otherSid.message).toMatch(/account SID/);

    const settings = exotel.settings();
    exotel.answerNext('connect', {
      status: 400,
      body: { RestException: { Status: 400, Message: `To is not a valid phone number (key ${settings.apiToken})`, Code: 21211 } },
    });
    const invalid = await refusal(provider.placeCall(settings, placeReq({ leadPhone: '12' })));
    expect(invalid.reason).toBe('refused');
    expect(invalid.message).toContain('To is not a valid phone number');
    expect(invalid.message).not.toContain(settings.apiToken);

    exotel.answerNext('connect', { status: 402, body: { RestException: { Status: 402, Message: 'Insufficient balance' } } });
    expect((await refusal(provider.placeCall(settings, placeReq()))).message).toMatch(/balance/);

    exotel.answerNext('connect', { status: 429, body: { RestException: { Status: 429, Message: 'Too many requests' } } });
    expect(await refusal(provider.placeCall(settings, placeReq()))).toMatchObject({
      reason: 'refused',
      message: expect.stringMatching(/try again in a minute/),
    });

    exotel.answerNext('connect', { status: 503, body: 'Service Unavailable' });
    expect(await refusal(provider.placeCall(settings, placeReq()))).toMatchObject({ reason: 'unreachable', message: expect.stringMatching(/503/) });

    exotel.answerNext('connect', { status: 200, body: { Call: { Status: 'in-progress' } } });
    expect((await refusal(provider.placeCall(settings, placeReq()))).reason).toBe('unreachable');

    exotel.answerNext('connect', { status: 200, hangUp: true });
    expect(await refusal(provider.placeCall(settings, placeReq()))).toMatchObject({
      reason: 'unreachable',
      message: expect.stringMatching(/could not be reached/),
    });

    const nobody = exotelProvider({ exotelApiUrl: `http://127.0.0.1:${await freePort()}` });
    expect((await refusal(nobody.placeCall(settings, placeReq()))).reason).toBe('unreachable');
  });

  it('checks credentials with the documented authenticated read', async () => {
    const before = exotel.requests.length;
    await provider.checkCredentials(exotel.settings());
    const req = exotel.requests[before]!;
    expect(req).toMatchObject({ method: 'GET', path: `/v1/Accounts/${exotel.credentials.accountSid}/Calls.json`, query: { PageSize: '1' }, status: 200 });
    expect(req.auth).toEqual({ user: exotel.credentials.apiKey, password: exotel.credentials.apiToken });

    expect(await refusal(provider.checkCredentials({ ...exotel.settings(), apiKey: 'nope' }))).toMatchObject({
      reason: 'refused',
      message: 'Exotel did not accept the API key and token.',
    });
    exotel.answerNext('check', { status: 500, body: 'oops' });
    expect((await refusal(provider.checkCredentials(exotel.settings()))).reason).toBe('unreachable');
  });

  it('streams a recording with the Range passed through, and says so when Exotel cannot serve it', async () => {
    const [call] = exotel.placed();
    const url = exotel.recordingUrl(call!.sid);
    const whole = await provider.fetchRecording(exotel.settings(), url);
    expect(whole.status).toBe(200);
    expect(Buffer.from(await whole.arrayBuffer()).equals(exotel.recording)).toBe(true);
    expect(exotel.requests.at(-1)!.auth).toEqual({ user: exotel.credentials.apiKey, password: exotel.credentials.apiToken });

    const part = await provider.fetchRecording(exotel.settings(), url, 'bytes=10-19');
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe(`bytes 10-19/${exotel.recording.length}`);
    expect(Buffer.from(await part.arrayBuffer()).equals(exotel.recording.subarray(10, 20))).toBe(true);
    expect(exotel.requests.at(-1)!.headers.range).toBe('bytes=10-19');

    exotel.answerNext('recording', { status: 502, body: 'bad gateway' });
    expect((await refusal(provider.fetchRecording(exotel.settings(), url))).reason).toBe('unreachable');
    exotel.answerNext('recording', { status: 404, body: 'gone' });
    expect((await refusal(provider.fetchRecording(exotel.settings(), url))).reason).toBe('refused');
    // an address that is not Exotel's is never fetched
    expect((await refusal(provider.fetchRecording(exotel.settings(), 'http://169.254.169.254/latest/meta-data'))).reason).toBe('refused');
  });
});

describe('Exotel provider: the cluster and the address', () => {
  afterEach(() => vi.restoreAllMocks());

  it('uses the Mumbai or Singapore cluster from the settings, with the key in a header', async () => {
    const seen: string[] = [];
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
      seen.push(`${String(input)} ${new Headers(init?.headers).get('authorization')}`);
      return new Response(JSON.stringify({ Call: { Sid: 'abc123', Status: 'queued' } }), { status: 200 });
    });
    const p = exotelProvider({});
    const s = { accountSid: 'acme1', apiKey: 'k', apiToken: 't' };
    await p.placeCall({ ...s, cluster: 'mumbai' }, placeReq());
    await p.placeCall({ ...s, cluster: 'singapore' }, placeReq());
    const basic = `Basic ${Buffer.from('k:t').toString('base64')}`;
    expect(seen).toEqual([
      `https://api.in.exotel.com/v1/Accounts/acme1/Calls/connect.json ${basic}`,
      `https://api.exotel.com/v1/Accounts/acme1/Calls/connect.json ${basic}`,
    ]);
  });

  it('does not send the account key to a storage bucket holding the recording', async () => {
    const seen: (string | null)[] = [];
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (_input, init) => {
      seen.push(new Headers(init?.headers).get('authorization'));
      return new Response('mp3', { status: 200 });
    });
    await exotelProvider({}).fetchRecording(
      { accountSid: 'a', apiKey: 'k', apiToken: 't', cluster: 'mumbai' },
      'https://s3-ap-southeast-1.amazonaws.com/exotelrecordings/a/b.mp3',
    );
    expect(seen).toEqual([null]);
  });
});

describe('Exotel status callbacks', () => {
  const provider = exotelProvider({ exotelApiUrl: 'http://127.0.0.1:9' });
  const s = { accountSid: 'a', apiKey: 'k', apiToken: 't', cluster: 'mumbai' };
  const sid = 'c5797dcbaaeed7678c4062a4a3ed2f8a';
  const terminal = (over: Record<string, unknown>) => ({
    CallSid: sid,
    EventType: 'terminal',
    DateUpdated: '2026-11-29 14:30:45',
    DateCreated: '2026-11-29 14:25:10',
    StartTime: '2026-11-29 14:25:12',
    EndTime: '2026-11-29 14:30:45',
    From: '09800000001',
    To: '09811111111',
    PhoneNumberSid: '08047112233',
    Direction: 'outbound-api',
    CustomField: '321',
    RecordingUrl: null,
    ...over,
  });

  it('reads an answered call: the lead’s conversation is the talk time, the times in UTC, the recording kept', () => {
    const events = provider.readStatusCallback(
      s,
      post(
        terminal({
          Status: 'completed',
          ConversationDuration: 320,
          RecordingUrl: 'https://s3-ap-southeast-1.amazonaws.com/exotelrecordings/acme/c5797.mp3',
          Legs: [
            { OnCallDuration: 335, Status: 'completed', AnsweredBy: 'NA' },
            { OnCallDuration: 320, Status: 'completed', AnsweredBy: 'Human' },
          ],
        }),
      ),
    );
    expect(events).toEqual([
      {
        providerCallId: sid,
        status: 'completed',
        talkSeconds: 320,
        // 14:30:45 IST is 09:00:45 UTC; answered 320 s before it ended
        endedAt: '2026-11-29T09:00:45.000Z',
        answeredAt: '2026-11-29T08:55:25.000Z',
        recordingRef: 'https://s3-ap-southeast-1.amazonaws.com/exotelrecordings/acme/c5797.mp3',
      },
    ]);
  });

  it('reads each unanswered ending of the lead’s leg', () => {
    for (const [exotelStatus, ours] of [
      ['busy', 'busy'],
      ['no-answer', 'no_answer'],
      ['failed', 'failed'],
      ['canceled', 'canceled'],
    ] as const) {
      const [e] = provider.readStatusCallback(
        s,
        post(
          terminal({
            Status: exotelStatus,
            ConversationDuration: 0,
            Legs: [
              { OnCallDuration: 30, Status: 'completed' },
              { OnCallDuration: 0, Status: exotelStatus },
            ],
          }),
        ),
      );
      expect(e).toEqual({ providerCallId: sid, status: ours, endedAt: '2026-11-29T09:00:45.000Z', talkSeconds: 0 });
    }
  });

  it('reads a telecaller who did not answer as agent_missed (the lead was never dialled), whatever the overall status', () => {
    for (const agentLeg of ['no-answer', 'busy', 'failed', 'canceled']) {
      const [e] = provider.readStatusCallback(
        s,
        post(
          terminal({
            Status: agentLeg,
            Legs: [
              { OnCallDuration: 0, Status: agentLeg },
              { OnCallDuration: 0, Status: null },
            ],
          }),
        ),
      );
      expect(e).toMatchObject({ providerCallId: sid, status: 'agent_missed', talkSeconds: 0 });
    }
  });

  it('reads the answered event, the default payload without legs, and a form-encoded body', () => {
    expect(
      provider.readStatusCallback(
        s,
        post({
          CallSid: sid,
          EventType: 'answered',
          Status: 'in-progress',
          DateUpdated: '2026-11-29 14:25:40',
          Legs: [
            { OnCallDuration: 0, Status: 'in-progress' },
            { OnCallDuration: 0, Status: 'in-progress' },
          ],
        }),
      ),
    ).toEqual([{ providerCallId: sid, status: 'in_progress', answeredAt: '2026-11-29T08:55:40.000Z' }]);

    expect(provider.readStatusCallback(s, post({ CallSid: sid, DateUpdated: '2026-11-29 14:30:45', Status: 'no-answer', RecordingUrl: null }))).toEqual([
      { providerCallId: sid, status: 'no_answer', endedAt: '2026-11-29T09:00:45.000Z', talkSeconds: 0 },
    ]);

    const form = {
      CallSid: sid,
      EventType: 'terminal',
      Status: 'completed',
      DateUpdated: '2026-11-29 14:30:45',
      EndTime: '2026-11-29 14:30:45',
      ConversationDuration: '61',
      RecordingUrl: '',
      'Legs[0][OnCallDuration]': '70',
      'Legs[0][Status]': 'completed',
      'Legs[1][OnCallDuration]': '61',
      'Legs[1][Status]': 'completed',
    };
    expect(provider.readStatusCallback(s, post(form))).toEqual([
      {
        providerCallId: sid,
        status: 'completed',
        talkSeconds: 61,
        endedAt: '2026-11-29T09:00:45.000Z',
        answeredAt: '2026-11-29T08:59:44.000Z',
        recordingRef: undefined,
      },
    ]);
  });

  it('reads what Exotel writes a little differently: times with an offset, capitalised statuses, wrapped legs', () => {
    const [e] = provider.readStatusCallback(
      s,
      post({
        CallSid: sid,
        EventType: 'Terminal',
        Status: 'Completed',
        EndTime: '2026-11-29T14:30:45+05:30',
        DateUpdated: '2026-11-29T09:00:45Z',
        ConversationDuration: '20',
        Legs: [{ Leg: { Id: 1, OnCallDuration: 30, Status: 'completed' } }, { Leg: { Id: 2, OnCallDuration: 20, Status: 'completed' } }],
      }),
    );
    expect(e).toEqual({
      providerCallId: sid,
      status: 'completed',
      talkSeconds: 20,
      endedAt: '2026-11-29T09:00:45.000Z',
      answeredAt: '2026-11-29T09:00:25.000Z',
      recordingRef: undefined,
    });
  });

  it('reads an inbound call’s end from the Passthru after the Connect applet', () => {
    const base = { CallSid: sid, CallFrom: '09811111111', CallTo: '08047112233', Direction: 'incoming', CurrentTime: '2026-11-29 10:00:30' };
    expect(provider.readStatusCallback(s, get({ ...base, CallType: 'completed', DialCallDuration: '25' }))).toEqual([
      {
        providerCallId: sid,
        status: 'completed',
        talkSeconds: 25,
        endedAt: '2026-11-29T04:30:30.000Z',
        answeredAt: '2026-11-29T04:30:05.000Z',
        recordingRef: undefined,
      },
    ]);
    expect(provider.readStatusCallback(s, get({ ...base, CallType: 'incomplete', DialCallDuration: '0' }))).toEqual([
      { providerCallId: sid, status: 'missed', endedAt: '2026-11-29T04:30:30.000Z', talkSeconds: 0 },
    ]);
  });

  it('refuses junk with a 400 and keeps no recording that is not Exotel’s', () => {
    const ok = terminal({ Status: 'completed', ConversationDuration: 5 });
    for (const junk of [
      { ...ok, CallSid: undefined },
      { ...ok, CallSid: '' },
      { ...ok, CallSid: 'a/../b' },
      { ...ok, CallSid: { $gt: '' } },
      { ...ok, CallSid: 'x'.repeat(200) },
      { ...ok, Status: 'exploded' },
      { ...ok, Status: undefined },
      { ...ok, Status: 7 },
      { ...ok, EventType: 'no such thing!' },
      { ...ok, EventType: 5 },
      { ...ok, ConversationDuration: -1 },
      { ...ok, ConversationDuration: 10_000_000 },
      { ...ok, ConversationDuration: '12abc' },
      { ...ok, ConversationDuration: 1.5 },
      { ...ok, EndTime: 'yesterday' },
      { ...ok, EndTime: '2026-13-45 99:99:99' },
      { ...ok, Legs: 'not legs' },
      { ...ok, Legs: [1, 2] },
      { ...ok, Legs: Array.from({ length: 11 }, () => ({ Status: 'completed' })) },
      { ...ok, Legs: [{ Status: 'completed', OnCallDuration: -5 }] },
      { ...ok, CustomField: 'x'.repeat(129) },
      { ...ok, RecordingUrl: 'not a url' },
    ]) {
      expect(hookRefusal(() => provider.readStatusCallback(s, post(junk))).status).toBe(400);
    }
    expect(hookRefusal(() => provider.readStatusCallback(s, post([ok]))).status).toBe(400);
    expect(hookRefusal(() => provider.readStatusCallback(s, post('CallSid=x'))).status).toBe(400);
    expect(hookRefusal(() => provider.readStatusCallback(s, get({}))).status).toBe(400);

    // an event the app did not subscribe to (Exotel may add some) is acknowledged and changes nothing
    expect(provider.readStatusCallback(s, post({ ...ok, EventType: 'ringing' }))).toEqual([]);
    const [e] = provider.readStatusCallback(s, post({ ...ok, RecordingUrl: 'http://10.0.0.5/admin' }));
    expect(e!.recordingRef).toBeUndefined();
    expect(e!.status).toBe('completed');
  });
});

describe('Exotel inbound calls (Connect applet, dynamic URL)', () => {
  const provider = exotelProvider({});
  const s = { accountSid: 'a', apiKey: 'k', apiToken: 't', cluster: 'mumbai' };

  it('reads who called which number, and answers whom to dial or nobody', () => {
    expect(
      provider.readInbound(
        s,
        get({ CallSid: 'abc123', CallFrom: '09811111111', CallTo: '08047112233', Direction: 'incoming', Created: exotelTime(new Date()) }),
      ),
    ).toEqual({ providerCallId: 'abc123', from: '09811111111', to: '08047112233' });
    for (const junk of [
      {},
      { CallSid: 'abc', CallFrom: 'robert); drop', CallTo: '0804' },
      { CallSid: 'abc', CallFrom: '0981', CallTo: '08047112233', Direction: 'outbound-dial' },
    ]) {
      expect(hookRefusal(() => provider.readInbound(s, get(junk as Record<string, string>))).status).toBe(400);
    }

    const put = provider.inboundReply(s, { connect: { phone: '+919800000001', callerId: '08047112233', record: true, statusCallbackUrl: HOOK } });
    expect(put.status).toBe(200);
    expect(put.contentType).toBe('application/json');
    expect(JSON.parse(put.body)).toEqual({
      fetch_after_attempt: false,
      destination: { numbers: ['+919800000001'] },
      outgoing_phone_number: '08047112233',
      record: true,
      max_ringing_duration: 30,
    });
    expect(JSON.parse(provider.inboundReply(s, { missed: true }).body)).toEqual({ fetch_after_attempt: false, destination: { numbers: [] } });
    expect(provider.statusCallbackReply()).toMatchObject({ status: 200 });
  });
});

describe('Exotel stand-in callbacks reach a server in Exotel’s documented shape', () => {
  it('posts JSON when asked, multipart/form-data otherwise', async () => {
    const got: { type: string | undefined; body: string }[] = [];
    const server = http.createServer((req, res) => {
      let body = '';
      req.on('data', (c) => (body += c));
      req.on('end', () => {
        got.push({ type: req.headers['content-type'], body });
        res.end('OK');
      });
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const hook = `http://127.0.0.1:${(server.address() as AddressInfo).port}/status`;
    const exotel = await ExotelStandin.start();
    try {
      const p = exotelProvider({ exotelApiUrl: exotel.url });
      const placed = await p.placeCall(exotel.settings(), placeReq({ statusCallbackUrl: hook }));
      const sent = await exotel.callback(placed.providerCallId, { answered: 42 });
      expect(sent.status).toBe(200);
      expect(got[0]!.type).toBe('application/json');
      const body = JSON.parse(got[0]!.body);
      expect(body).toMatchObject({ CallSid: placed.providerCallId, EventType: 'terminal', Status: 'completed', ConversationDuration: 42, CustomField: '321' });
      expect(p.readStatusCallback(exotel.settings(), post(body))[0]).toMatchObject({
        status: 'completed',
        talkSeconds: 42,
        recordingRef: exotel.recordingUrl(placed.providerCallId),
      });

      await exotel.send(hook, exotel.payload(placed.providerCallId, 'agent-missed'), 'multipart');
      expect(got[1]!.type).toMatch(/^multipart\/form-data; boundary=/);
      expect(got[1]!.body).toContain('name="Legs[0][Status]"');
    } finally {
      await exotel.close();
      server.close();
    }
  });
});
