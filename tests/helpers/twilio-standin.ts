import { createHmac, randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';

/**
 * A stand-in for Twilio on 127.0.0.1 (random port), speaking the parts of its REST API the app uses,
 * as Twilio documents them, and acting as Twilio does towards the app. Point the app at it with
 * TWILIO_API_URL=standin.url.
 *
 * REST (every request recorded in `requests`, form fields and Basic auth included):
 * - GET  /2010-04-01/Accounts/{AccountSid}.json: the Account resource (401, Twilio error 20003, on bad credentials)
 * - POST /2010-04-01/Accounts/{AccountSid}/Calls.json: creates a call (201 and the Call resource, status
 *   "queued"), or Twilio's error JSON: 21201 no To, 21213 no From, 21205 no Url, 21211 a To that is not
 *   E.164, 21210 a From the account does not own (when `numbers` were given to addAccount)
 * - GET  /2010-04-01/Accounts/{AccountSid}/Calls/{CallSid}.json: the Call resource, its price null until
 *   `priceCall(sid, ...)` sets it (Twilio: "Populated after the call is completed")
 * - GET  /2010-04-01/Accounts/{AccountSid}/Calls.json?ParentCallSid=...: a page of the legs the call's
 *   <Dial> made (the Call resource of each), as `calls` with Twilio's paging fields
 * - GET  /2010-04-01/Accounts/{AccountSid}/Recordings/{RecordingSid}.mp3: the media, honouring Range (206);
 *   with `redirectMedia`, a 302 to /media/{RecordingSid}.mp3, served without credentials
 * `failNext(answer)` answers the next REST request(s) with what you give instead.
 *
 * Acting as Twilio (each request signed with X-Twilio-Signature as Twilio documents it, HMAC-SHA1 of the
 * URL and the sorted parameters computed here, not with the twilio package):
 * - `answer(callSid)`: the telecaller picked up: POSTs the call's Url and reads the <Dial> it answers
 * - `parentEvent(callSid, status)`, `childEvent(callSid, status)`, `recordingEvent(callSid)`: build the
 *   callbacks Twilio would send (only where the app subscribed: an event it did not ask for throws), to
 *   `send` in any order, repeated, or altered (a forged signature)
 * - `inboundCall(voiceUrl, accountSid, { from, to })`: a call to the company number: POSTs the
 *   number's Voice webhook and reads the TwiML answered
 * - the usual course of a call in steps, each sending what Twilio sends at that point, in order:
 *   `latestCall()`, `ringAgent(sid)`, `agentPicksUp(sid)` (the answer request; the lead's phone rings),
 *   `leadAnswers(sid)`, `hangUp(sid, talkSeconds)` (both legs end; the recording when the <Dial> asked),
 *   `leadUnanswered(sid, 'no-answer' | 'busy' | ...)`, `agentMisses(sid)`
 * By default the requests go over HTTP; give `deliver` to hand them to an app another way (inject).
 */

export const API_VERSION = '2010-04-01';
const E164 = /^\+[1-9]\d{6,14}$/;
const TERMINAL = ['completed', 'busy', 'no-answer', 'failed', 'canceled'];
export type TwilioCallStatus = 'queued' | 'initiated' | 'ringing' | 'in-progress' | 'completed' | 'busy' | 'no-answer' | 'failed' | 'canceled';

export interface StandinAccount {
  sid: string;
  token: string;
  /** numbers the account owns (a call From another is refused); empty: any number */
  numbers: string[];
}

export interface RecordedRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  /** Basic credentials sent, or null */
  auth: { user: string; password: string } | null;
  headers: http.IncomingHttpHeaders;
  contentType: string | undefined;
  /** the form body, as sent (repeated fields kept) */
  form: URLSearchParams;
  status: number;
}

/** What the app's TwiML told Twilio to do with a call. */
export interface DialPlan {
  attrs: Record<string, string>;
  number: string;
  numberAttrs: Record<string, string>;
}

export interface StandinCall {
  sid: string;
  accountSid: string;
  direction: 'outbound-api' | 'inbound';
  from: string;
  to: string;
  /** the create request's fields (Url, Method, StatusCallback, StatusCallbackEvent ...) */
  url?: string;
  statusCallback?: string;
  statusCallbackEvents: string[];
  dial?: DialPlan;
  childSid?: string;
  recordingSid?: string;
  sequence: number;
  childSequence: number;
  /** the last status each leg reported */
  status?: TwilioCallStatus;
  childStatus?: TwilioCallStatus;
  /** each leg's price as Twilio writes it (a charge is negative), null until priced */
  price?: string | null;
  childPrice?: string | null;
  priceUnit?: string;
}

/** A request Twilio makes to the app. */
export interface Hook {
  url: string;
  method: 'POST';
  params: Record<string, string>;
  /** X-Twilio-Signature: replace it to forge one */
  signature: string | undefined;
}

export interface HookAnswer {
  status: number;
  contentType: string;
  body: string;
}

export type Deliver = (hook: Hook) => Promise<HookAnswer>;

export interface CannedAnswer {
  status: number;
  body: object | string;
}

/** Twilio's documented signature: base64 HMAC-SHA1, keyed by the auth token, of the URL followed by each parameter's name and value in name order. */
export function twilioSignature(authToken: string, url: string, params: Record<string, string>): string {
  const data = Object.keys(params)
    .sort()
    .reduce((acc, key) => acc + key + params[key], url);
  return createHmac('sha1', authToken).update(Buffer.from(data, 'utf-8')).digest('base64');
}

export interface TwimlNode {
  name: string;
  attrs: Record<string, string>;
  children: TwimlNode[];
  text: string;
}

const unescapeXml = (s: string) => s.replace(/&(lt|gt|quot|apos|amp);/g, (_, e: string) => ({ lt: '<', gt: '>', quot: '"', apos: "'", amp: '&' })[e]!);

/** Parses TwiML (elements, attributes, text; no CDATA or comments): enough to act on the app's answers. */
export function parseTwiml(xml: string): TwimlNode {
  const root: TwimlNode = { name: '#document', attrs: {}, children: [], text: '' };
  const stack = [root];
  const token = /<\?xml[^>]*\?>|<\/([A-Za-z]+)\s*>|<([A-Za-z]+)((?:\s+[A-Za-z:]+="[^"]*")*)\s*(\/?)>|([^<]+)/g;
  let at = 0;
  for (let m = token.exec(xml); m; m = token.exec(xml)) {
    if (m.index !== at) throw new Error(`not TwiML at ${at}: ${xml.slice(at, at + 40)}`);
    at = token.lastIndex;
    const top = stack[stack.length - 1]!;
    if (m[1]) {
      if (top.name !== m[1]) throw new Error(`</${m[1]}> closes <${top.name}>`);
      stack.pop();
    } else if (m[2]) {
      const attrs: Record<string, string> = {};
      for (const a of (m[3] ?? '').matchAll(/([A-Za-z:]+)="([^"]*)"/g)) attrs[a[1]!] = unescapeXml(a[2]!);
      const node: TwimlNode = { name: m[2], attrs, children: [], text: '' };
      top.children.push(node);
      if (!m[4]) stack.push(node);
    } else if (m[5]) {
      top.text += unescapeXml(m[5]);
    }
  }
  if (at !== xml.length || stack.length !== 1) throw new Error('TwiML not closed');
  return root;
}

const sidOf = (prefix: string) => `${prefix}${randomBytes(16).toString('hex')}`;
const rfc2822 = (d: Date) => d.toUTCString().replace('GMT', '+0000');
const eventOf = (status: string) => (status === 'in-progress' ? 'answered' : TERMINAL.includes(status) ? 'completed' : status);
const spaced = (v: string | undefined) => (v ?? '').split(/\s+/).filter(Boolean);

/** Deterministic bytes standing in for an MP3 (an ID3 header, then a pattern). */
export function recordingBytes(sid: string, size = 4096): Buffer {
  const body = Buffer.alloc(size);
  body.write('ID3', 0, 'latin1');
  for (let i = 3; i < size; i++) body[i] = (i * 31 + sid.charCodeAt(i % sid.length)) & 0xff;
  return body;
}

export class TwilioStandin {
  readonly requests: RecordedRequest[] = [];
  readonly calls = new Map<string, StandinCall>();
  readonly recordings = new Map<string, Buffer>();
  /** answer media requests with a redirect to where the file is kept (served there without credentials) */
  redirectMedia = false;
  /** the clock events are stamped with (Timestamp) */
  now: () => Date = () => new Date();
  private accounts = new Map<string, StandinAccount>();
  private canned: CannedAnswer[] = [];

  private constructor(
    private server: http.Server,
    readonly url: string,
    private readonly deliverHook: Deliver,
  ) {}

  static async start(opts: { deliver?: Deliver } = {}): Promise<TwilioStandin> {
    let standin!: TwilioStandin;
    const server = http.createServer((req, res) => void standin.handle(req, res));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    standin = new TwilioStandin(server, `http://127.0.0.1:${(server.address() as AddressInfo).port}`, opts.deliver ?? deliverOverHttp);
    return standin;
  }

  addAccount(opts: Partial<StandinAccount> = {}): StandinAccount {
    const account: StandinAccount = { sid: opts.sid ?? sidOf('AC'), token: opts.token ?? randomBytes(16).toString('hex'), numbers: opts.numbers ?? [] };
    this.accounts.set(account.sid, account);
    return account;
  }

  /** Twilio has priced the call's legs (the API's call, and the leg its <Dial> made). */
  priceCall(sid: string, prices: { parent: string | null; child?: string | null; unit?: string }): void {
    const call = this.call(sid);
    call.price = prices.parent;
    call.childPrice = prices.child ?? null;
    call.priceUnit = prices.unit ?? 'USD';
  }

  failNext(...answers: CannedAnswer[]): void {
    this.canned.push(...answers);
  }

  /** REST requests whose path matches. */
  requestsTo(path: RegExp): RecordedRequest[] {
    return this.requests.filter((r) => path.test(r.path));
  }

  call(sid: string): StandinCall {
    const call = this.calls.get(sid);
    if (!call) throw new Error(`the stand-in placed no call ${sid}`);
    return call;
  }

  async close(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  // ---- acting as Twilio towards the app

  /** Signs and builds a request to the app, as Twilio would make it. */
  hook(accountSid: string, url: string, params: Record<string, string>): Hook {
    const account = this.accounts.get(accountSid);
    if (!account) throw new Error(`no account ${accountSid}`);
    return { url, method: 'POST', params, signature: twilioSignature(account.token, url, params) };
  }

  async send(...hooks: Hook[]): Promise<HookAnswer[]> {
    const answers: HookAnswer[] = [];
    for (const h of hooks) answers.push(await this.deliverHook(h));
    return answers;
  }

  /** The telecaller answered: Twilio requests the call's Url and does what its TwiML says. */
  async answer(callSid: string): Promise<{ answer: HookAnswer; dial: DialPlan | undefined }> {
    const call = this.call(callSid);
    if (!call.url) throw new Error('the call was created without a Url');
    const [answer] = await this.send(this.hook(call.accountSid, call.url, { ...this.callParams(call), CallStatus: 'in-progress' }));
    call.dial = answer!.status === 200 ? dialPlanOf(answer!.body) : undefined;
    return { answer: answer!, dial: call.dial };
  }

  /** A status callback for the call the API placed (the telecaller's leg). */
  parentEvent(callSid: string, status: TwilioCallStatus, opts: { duration?: number } = {}): Hook {
    const call = this.call(callSid);
    if (!call.statusCallback) throw new Error('the call was created without a StatusCallback');
    const event = eventOf(status);
    if (!call.statusCallbackEvents.includes(event))
      throw new Error(`the app did not subscribe to "${event}" (StatusCallbackEvent ${call.statusCallbackEvents.join(' ')})`);
    const params = { ...this.callParams(call), ...this.progress(status, call.sequence++, opts.duration) };
    call.status = status;
    return this.hook(call.accountSid, call.statusCallback, params);
  }

  /** A status callback for the leg the app's <Dial><Number> made (the lead, or an inbound call's owner). */
  childEvent(callSid: string, status: TwilioCallStatus, opts: { duration?: number } = {}): Hook {
    const call = this.call(callSid);
    const dial = call.dial;
    if (!dial) throw new Error('the app answered no <Dial> for this call');
    const callback = dial.numberAttrs.statusCallback;
    if (!callback) throw new Error('<Number> has no statusCallback');
    const event = eventOf(status);
    const events = spaced(dial.numberAttrs.statusCallbackEvent ?? 'completed');
    if (!events.includes(event)) throw new Error(`<Number> did not subscribe to "${event}" (statusCallbackEvent ${events.join(' ')})`);
    call.childSid ??= sidOf('CA');
    call.childStatus = status;
    const from = dial.attrs.callerId ?? call.from;
    const params: Record<string, string> = {
      AccountSid: call.accountSid,
      ApiVersion: API_VERSION,
      CallSid: call.childSid,
      ParentCallSid: call.sid,
      Direction: 'outbound-dial',
      From: from,
      Caller: from,
      To: dial.number,
      Called: dial.number,
      ...this.progress(status, call.childSequence++, opts.duration),
    };
    const recorded = dial.attrs.record && dial.attrs.record !== 'do-not-record';
    if (status === 'completed' && recorded) {
      call.recordingSid ??= sidOf('RE');
      Object.assign(params, { RecordingSid: call.recordingSid, RecordingUrl: this.recordingUrl(call), RecordingDuration: String(opts.duration ?? 0) });
    }
    return this.hook(call.accountSid, callback, params);
  }

  /** The recording status callback, once the <Dial>'s recording is ready; its media is then served. */
  recordingEvent(callSid: string, opts: { duration?: number; status?: 'completed' | 'in-progress' | 'absent' } = {}): Hook {
    const call = this.call(callSid);
    const dial = call.dial;
    if (!dial?.attrs.record || dial.attrs.record === 'do-not-record') throw new Error('the app did not ask for the call to be recorded');
    const callback = dial.attrs.recordingStatusCallback;
    if (!callback) throw new Error('<Dial> has no recordingStatusCallback');
    const status = opts.status ?? 'completed';
    const events = spaced(dial.attrs.recordingStatusCallbackEvent ?? 'completed');
    if (!events.includes(status)) throw new Error(`<Dial> did not subscribe to recording "${status}"`);
    call.recordingSid ??= sidOf('RE');
    if (status === 'completed') this.recordings.set(call.recordingSid, recordingBytes(call.recordingSid));
    return this.hook(call.accountSid, callback, {
      AccountSid: call.accountSid,
      CallSid: call.sid,
      RecordingSid: call.recordingSid,
      RecordingUrl: this.recordingUrl(call),
      RecordingStatus: status,
      RecordingDuration: String(opts.duration ?? 0),
      RecordingChannels: dial.attrs.record.endsWith('-dual') ? '2' : '1',
      RecordingStartTime: rfc2822(this.now()),
      RecordingSource: 'DialVerb',
      RecordingTrack: 'both',
      ErrorCode: '0',
    });
  }

  /** The call the app placed last. */
  latestCall(): StandinCall {
    const last = [...this.calls.values()].filter((c) => c.direction === 'outbound-api').at(-1);
    if (!last) throw new Error('the app placed no call');
    return last;
  }

  /** The telecaller's phone rings. */
  ringAgent(callSid: string): Promise<HookAnswer[]> {
    return this.send(this.parentEvent(callSid, 'initiated'), this.parentEvent(callSid, 'ringing'));
  }

  /** The telecaller picks up: Twilio asks the app what to do, and the lead's phone rings. */
  async agentPicksUp(callSid: string): Promise<DialPlan | undefined> {
    const { dial } = await this.answer(callSid);
    await this.send(this.parentEvent(callSid, 'in-progress'));
    if (dial) await this.send(this.childEvent(callSid, 'initiated'), this.childEvent(callSid, 'ringing'));
    return dial;
  }

  async leadAnswers(callSid: string): Promise<HookAnswer[]> {
    return this.send(this.childEvent(callSid, 'in-progress'));
  }

  /** The conversation ends after `talkSeconds`: both legs complete, then the recording is ready (when asked for). */
  async hangUp(callSid: string, talkSeconds: number): Promise<HookAnswer[]> {
    const dial = this.call(callSid).dial;
    const hooks = [this.childEvent(callSid, 'completed', { duration: talkSeconds }), this.parentEvent(callSid, 'completed', { duration: talkSeconds + 5 })];
    if (dial?.attrs.record && dial.attrs.record !== 'do-not-record') hooks.push(this.recordingEvent(callSid, { duration: talkSeconds }));
    return this.send(...hooks);
  }

  /** The lead's phone rang out, was busy or could not be reached; the telecaller's leg then ends. */
  leadUnanswered(callSid: string, status: 'no-answer' | 'busy' | 'failed' = 'no-answer'): Promise<HookAnswer[]> {
    return this.send(this.childEvent(callSid, status), this.parentEvent(callSid, 'completed', { duration: 30 }));
  }

  /** The telecaller did not pick up: Twilio never asks what to do, the lead is never dialled. */
  agentMisses(callSid: string): Promise<HookAnswer[]> {
    return this.send(this.parentEvent(callSid, 'no-answer'));
  }

  /** Someone calls the company number: Twilio requests the number's Voice URL and acts on its TwiML. */
  async inboundCall(
    voiceUrl: string,
    accountSid: string,
    opts: { from: string; to: string },
  ): Promise<{ sid: string; answer: HookAnswer; dial: DialPlan | undefined }> {
    const call: StandinCall = {
      sid: sidOf('CA'),
      accountSid,
      direction: 'inbound',
      from: opts.from,
      to: opts.to,
      statusCallbackEvents: [],
      sequence: 0,
      childSequence: 0,
    };
    this.calls.set(call.sid, call);
    const [answer] = await this.send(this.hook(accountSid, voiceUrl, { ...this.callParams(call), CallStatus: 'ringing' }));
    call.dial = answer!.status === 200 ? dialPlanOf(answer!.body) : undefined;
    return { sid: call.sid, answer: answer!, dial: call.dial };
  }

  private recordingUrl(call: StandinCall): string {
    return `${this.url}/${API_VERSION}/Accounts/${call.accountSid}/Recordings/${call.recordingSid}`;
  }

  private callParams(call: StandinCall): Record<string, string> {
    return {
      AccountSid: call.accountSid,
      ApiVersion: API_VERSION,
      CallSid: call.sid,
      Direction: call.direction,
      From: call.from,
      Caller: call.from,
      To: call.to,
      Called: call.to,
    };
  }

  private progress(status: string, sequence: number, duration: number | undefined): Record<string, string> {
    const params: Record<string, string> = {
      CallStatus: status,
      Timestamp: rfc2822(this.now()),
      CallbackSource: 'call-progress-events',
      SequenceNumber: String(sequence),
    };
    if (TERMINAL.includes(status)) {
      const seconds = status === 'completed' ? (duration ?? 0) : 0;
      params.CallDuration = String(seconds);
      if (status === 'completed') params.Duration = String(Math.ceil(seconds / 60));
    }
    return params;
  }

  // ---- the REST API

  private async handle(req: http.IncomingMessage, res: http.ServerResponse) {
    const url = new URL(req.url ?? '/', this.url);
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const raw = Buffer.concat(chunks).toString('utf-8');
    const contentType = req.headers['content-type'];
    const record: RecordedRequest = {
      method: req.method ?? 'GET',
      path: url.pathname,
      query: url.searchParams,
      auth: basicAuth(req.headers.authorization),
      headers: req.headers,
      contentType,
      form: new URLSearchParams(contentType?.startsWith('application/x-www-form-urlencoded') ? raw : ''),
      status: 0,
    };
    this.requests.push(record);
    const send = (status: number, body: object | string | Buffer, headers: Record<string, string> = {}) => {
      record.status = status;
      const isJson = typeof body === 'object' && !Buffer.isBuffer(body);
      res.writeHead(status, { 'content-type': isJson ? 'application/json; charset=utf-8' : 'text/plain', ...headers });
      res.end(isJson ? JSON.stringify(body) : body);
    };
    const error = (status: number, code: number, message: string) =>
      send(status, { code, message, more_info: `https://www.twilio.com/docs/errors/${code}`, status });

    const canned = this.canned.shift();
    if (canned) return send(canned.status, canned.body);

    const stored = /^\/media\/(RE[0-9a-f]{32})\.mp3$/.exec(url.pathname);
    if (stored && req.method === 'GET') return this.sendRecording(stored[1]!, req.headers.range, res, record);
    const m = /^\/2010-04-01\/Accounts\/([^/]+?)(?:\.json|\/(Calls\.json|Recordings\/([^/]+)\.mp3|Calls\/([^/]+)\.json))$/.exec(url.pathname);
    if (!m) return error(404, 20404, `The requested resource ${url.pathname} was not found`);
    const account = record.auth ? this.accounts.get(record.auth.user) : undefined;
    if (!account || record.auth?.password !== account.token) return error(401, 20003, 'Authenticate');
    if (m[1] !== account.sid) return error(404, 20404, `The requested resource ${url.pathname} was not found`);

    if (!m[2] && req.method === 'GET') return send(200, this.accountResource(account));
    if (m[4] && req.method === 'GET') {
      const call = this.calls.get(m[4]);
      if (!call || call.accountSid !== account.sid) return error(404, 20404, `The requested resource ${url.pathname} was not found`);
      return send(200, this.callResource(call));
    }
    if (m[2] === 'Calls.json' && req.method === 'GET') return send(200, this.callsPage(account, url));
    if (m[2] === 'Calls.json' && req.method === 'POST') {
      if (!contentType?.startsWith('application/x-www-form-urlencoded')) return error(400, 20001, 'Unsupported content type');
      return this.createCall(account, record.form, send, error);
    }
    if (m[3] && req.method === 'GET' && this.redirectMedia) return send(302, '', { location: `${this.url}/media/${m[3]}.mp3` });
    if (m[3] && req.method === 'GET') return this.sendRecording(m[3], req.headers.range, res, record);
    return error(405, 20004, 'Method not allowed');
  }

  private createCall(
    account: StandinAccount,
    form: URLSearchParams,
    send: (status: number, body: object) => void,
    error: (status: number, code: number, message: string) => void,
  ) {
    const to = form.get('To');
    const from = form.get('From');
    if (!to) return error(400, 21201, "No 'To' number is specified");
    if (!from) return error(400, 21213, "No 'From' number is specified");
    if (!form.get('Url') && !form.get('Twiml') && !form.get('ApplicationSid')) return error(400, 21205, 'Url parameter is required.');
    if (!E164.test(to)) return error(400, 21211, `Invalid 'To' Phone Number: ${to}`);
    if (!E164.test(from) || (account.numbers.length > 0 && !account.numbers.includes(from))) {
      return error(
        400,
        21210,
        `The source phone number provided, ${from}, is not yet verified for your account. You may only make calls from phone numbers that you've verified or purchased from Twilio.`,
      );
    }
    const call: StandinCall = {
      sid: sidOf('CA'),
      accountSid: account.sid,
      direction: 'outbound-api',
      from,
      to,
      url: form.get('Url') ?? undefined,
      statusCallback: form.get('StatusCallback') ?? undefined,
      statusCallbackEvents: form.has('StatusCallbackEvent') ? form.getAll('StatusCallbackEvent') : ['completed'],
      sequence: 0,
      childSequence: 0,
    };
    this.calls.set(call.sid, call);
    send(201, this.callResource(call));
  }

  private sendRecording(sid: string, range: string | undefined, res: http.ServerResponse, record: RecordedRequest) {
    const media = this.recordings.get(sid);
    const reply = (status: number, headers: Record<string, string>, body?: Buffer) => {
      record.status = status;
      res.writeHead(status, headers);
      res.end(body);
    };
    if (!media) return reply(404, { 'content-type': 'application/json' }, Buffer.from(JSON.stringify({ code: 20404, message: 'Not found', status: 404 })));
    if (!range) return reply(200, { 'content-type': 'audio/mpeg', 'content-length': String(media.length), 'accept-ranges': 'bytes' }, media);
    const r = /^bytes=(\d*)-(\d*)$/.exec(range);
    let start = r?.[1] ? Number(r[1]) : Number.NaN;
    let end = r?.[2] ? Number(r[2]) : media.length - 1;
    if (r && !r[1] && r[2]) {
      start = Math.max(0, media.length - Number(r[2]));
      end = media.length - 1;
    }
    end = Math.min(end, media.length - 1);
    if (!Number.isFinite(start) || start > end) return reply(416, { 'content-range': `bytes */${media.length}` });
    return reply(
      206,
      {
        'content-type': 'audio/mpeg',
        'content-range': `bytes ${start}-${end}/${media.length}`,
        'content-length': String(end - start + 1),
        'accept-ranges': 'bytes',
      },
      media.subarray(start, end + 1),
    );
  }

  private accountResource(account: StandinAccount) {
    const uri = `/${API_VERSION}/Accounts/${account.sid}.json`;
    return {
      auth_token: account.token,
      date_created: rfc2822(new Date('2024-01-01T00:00:00Z')),
      date_updated: rfc2822(new Date('2024-01-01T00:00:00Z')),
      friendly_name: 'My first Twilio account',
      owner_account_sid: account.sid,
      sid: account.sid,
      status: 'active',
      subresource_uris: { calls: `/${API_VERSION}/Accounts/${account.sid}/Calls.json`, recordings: `/${API_VERSION}/Accounts/${account.sid}/Recordings.json` },
      type: 'Full',
      uri,
    };
  }

  /** A page of the account's calls; only the ParentCallSid filter is understood (the legs a <Dial> made). */
  private callsPage(account: StandinAccount, url: URL) {
    const parent = url.searchParams.get('ParentCallSid');
    const pageSize = Math.min(Number(url.searchParams.get('PageSize') ?? 50) || 50, 1000);
    const legs = [...this.calls.values()]
      .filter((c) => c.accountSid === account.sid && (!parent || c.sid === parent) && c.childSid)
      .map((c) => this.childResource(c));
    const calls = parent ? legs : [...this.calls.values()].filter((c) => c.accountSid === account.sid).map((c) => this.callResource(c));
    const uri = `${url.pathname}${url.search}`;
    return {
      calls: calls.slice(0, pageSize),
      end: Math.max(0, Math.min(calls.length, pageSize) - 1),
      first_page_uri: uri,
      next_page_uri: null,
      page: 0,
      page_size: pageSize,
      previous_page_uri: null,
      start: 0,
      uri,
    };
  }

  /** The leg a call's <Dial> made, as its own Call resource. */
  private childResource(call: StandinCall) {
    const dial = call.dial;
    const from = dial?.attrs.callerId ?? call.from;
    return {
      ...this.callResource(call),
      sid: call.childSid!,
      parent_call_sid: call.sid,
      direction: 'outbound-dial',
      from,
      from_formatted: from,
      to: dial?.number ?? call.to,
      to_formatted: dial?.number ?? call.to,
      status: call.childStatus ?? 'queued',
      price: call.childPrice ?? null,
      uri: `/${API_VERSION}/Accounts/${call.accountSid}/Calls/${call.childSid}.json`,
    };
  }

  private callResource(call: StandinCall) {
    const base = `/${API_VERSION}/Accounts/${call.accountSid}/Calls/${call.sid}`;
    return {
      account_sid: call.accountSid,
      answered_by: null,
      api_version: API_VERSION,
      caller_name: null,
      date_created: rfc2822(this.now()),
      date_updated: rfc2822(this.now()),
      direction: call.direction,
      duration: null,
      end_time: null,
      forwarded_from: null,
      from: call.from,
      from_formatted: call.from,
      group_sid: null,
      parent_call_sid: null,
      phone_number_sid: null,
      price: call.price ?? null,
      price_unit: call.priceUnit ?? 'USD',
      sid: call.sid,
      start_time: null,
      status: call.status ?? 'queued',
      subresource_uris: { notifications: `${base}/Notifications.json`, recordings: `${base}/Recordings.json`, events: `${base}/Events.json` },
      to: call.to,
      to_formatted: call.to,
      trunk_sid: null,
      uri: `${base}.json`,
      queue_time: '0',
    };
  }
}

function basicAuth(header: string | undefined): RecordedRequest['auth'] {
  const m = header ? /^Basic ([A-Za-z0-9+/=]+)$/.exec(header) : null;
  if (!m) return null;
  const text = Buffer.from(m[1]!, 'base64').toString('utf-8');
  const colon = text.indexOf(':');
  return colon < 0 ? null : { user: text.slice(0, colon), password: text.slice(colon + 1) };
}

function dialPlanOf(xml: string): DialPlan | undefined {
  const response = parseTwiml(xml).children.find((n) => n.name === 'Response');
  const dial = response?.children.find((n) => n.name === 'Dial');
  if (!dial) return undefined;
  const number = dial.children.find((n) => n.name === 'Number');
  return { attrs: dial.attrs, number: (number?.text ?? dial.text).trim(), numberAttrs: number?.attrs ?? {} };
}

/** Twilio's request as it arrives over HTTP: a form POST with the signature header. */
async function deliverOverHttp(hook: Hook): Promise<HookAnswer> {
  const headers: Record<string, string> = { 'content-type': 'application/x-www-form-urlencoded; charset=utf-8', 'user-agent': 'TwilioProxy/1.1' };
  if (hook.signature !== undefined) headers['x-twilio-signature'] = hook.signature;
  const res = await fetch(hook.url, { method: 'POST', headers, body: new URLSearchParams(hook.params).toString() });
  return { status: res.status, contentType: res.headers.get('content-type') ?? '', body: await res.text() };
}

/**
 * Twilio's requests to the app's public address, handed to an app in the test process (fastify.inject)
 * as they would arrive: a form POST with its signature header, to the same path and query. A request
 * to another origin than `publicUrl` is the app giving Twilio a wrong address: it fails the test.
 */
export function deliverByInject(app: () => FastifyInstance, publicUrl: string): Deliver {
  return async (hook: Hook) => {
    const url = new URL(hook.url);
    if (url.origin !== publicUrl) throw new Error(`Twilio was given ${url.origin}, not the public address ${publicUrl}`);
    const res = await app().inject({
      method: 'POST',
      url: `${url.pathname}${url.search}`,
      headers: {
        'content-type': 'application/x-www-form-urlencoded; charset=utf-8',
        ...(hook.signature === undefined ? {} : { 'x-twilio-signature': hook.signature }),
      },
      payload: new URLSearchParams(hook.params).toString(),
    });
    return { status: res.statusCode, contentType: String(res.headers['content-type'] ?? ''), body: res.body };
  };
}
