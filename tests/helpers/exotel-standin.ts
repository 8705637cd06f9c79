import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A stand-in for Exotel's Voice v1 API on 127.0.0.1 (a random port), speaking the documented requests
 * and answers (developer.exotel.com: Connect Two Numbers, StatusCallback, Call Details):
 *
 * - `POST /v1/Accounts/<sid>/Calls/connect(.json)`: form fields From, To, CallerId (required), answers
 *   `{"Call": {"Sid", "Status": "in-progress", ...}}`; 400 RestException when a required field is missing.
 * - `GET /v1/Accounts/<sid>/Calls(.json)`: one page of calls (the documented credential test).
 * - `GET /v1/Accounts/<sid>/Calls/<CallSid>(.json)`: Call Details, `{"Call": {..., "Price": ...}}`;
 *   Price is null until the test sets it with `priceCall(sid, "1.20")` (Exotel fills it about five
 *   minutes after the end); 404 RestException for a call it did not place.
 * - every API path answers 401 `{"RestException": ...}` for another key or token, 404 for another SID.
 * - `GET /recordings/<CallSid>.mp3`: the recording's bytes, with Range (206, 416).
 *
 * Every request is kept in `requests` (method, path, query, Basic credentials, form fields) for tests to
 * check field by field. A placed call's StatusCallback is then driven by the test: `callback(sid, what)`
 * posts one in Exotel's documented shape (JSON when the call asked StatusCallbackContentType
 * application/json, else multipart/form-data, Exotel's default); `payload(sid, what)` builds one without
 * sending it (to send later, repeated, out of order, altered). `answerNext` scripts the next answers.
 *
 *   const exotel = await ExotelStandin.start();            // EXOTEL_API_URL = exotel.url
 *   ... the app places a call ...
 *   const [call] = exotel.placed();                         // { sid, form }
 *   await exotel.callback(call.sid, { answered: 42 });      // answered, 42 s of talk, a recording
 *   await exotel.callback(call.sid, 'no-answer');           // the lead did not answer
 *   await exotel.callback(call.sid, 'agent-missed');        // the telecaller did not answer
 *   await exotel.close();
 */

export interface ExotelCredentials {
  accountSid: string;
  apiKey: string;
  apiToken: string;
}

export interface StandinRequest {
  method: string;
  path: string;
  query: Record<string, string>;
  /** the Basic credentials sent, or null */
  auth: { user: string; password: string } | null;
  contentType: string | null;
  /** form fields of a form-encoded body */
  form: Record<string, string>;
  headers: http.IncomingHttpHeaders;
  /** what the stand-in answered */
  status: number;
}

export interface PlacedCall {
  sid: string;
  form: Record<string, string>;
  createdAt: Date;
}

/** An answer to force on the next matching request (then the usual behaviour resumes). */
export interface CannedAnswer {
  status: number;
  /** JSON for an object, else text or bytes as given */
  body?: unknown;
  headers?: Record<string, string>;
  delayMs?: number;
  /** drop the connection instead of answering */
  hangUp?: boolean;
}

/** How a call ends, as the test tells it. */
export type CallEnding =
  | { answered: number; record?: boolean }
  | 'busy'
  | 'no-answer'
  | 'failed'
  | 'canceled'
  /** the telecaller's phone (the first leg) was not answered: the lead was never dialled */
  | 'agent-missed'
  /** the intermediate 'answered' event (both on the call) */
  | 'answered-event';

export interface DeliveredCallback {
  url: string;
  contentType: string;
  payload: Record<string, unknown>;
  status: number;
  body: string;
}

/** Exotel's time format: IST wall-clock, "YYYY-MM-DD HH:mm:ss". */
export function exotelTime(at: Date): string {
  return new Date(at.getTime() + 330 * 60_000).toISOString().slice(0, 19).replace('T', ' ');
}

const AREA = ['connect', 'check', 'details', 'recording'] as const;
type Area = (typeof AREA)[number];

export class ExotelStandin {
  readonly requests: StandinRequest[] = [];
  readonly delivered: DeliveredCallback[] = [];
  /** the bytes every recording serves */
  recording: Buffer = Buffer.from(`ID3${'exotel-standin-recording '.repeat(400)}`);
  private readonly calls = new Map<string, PlacedCall>();
  private readonly canned: Record<Area, CannedAnswer[]> = { connect: [], check: [], details: [], recording: [] };
  private readonly prices = new Map<string, string>();
  private server!: http.Server;
  url = '';

  private constructor(readonly credentials: ExotelCredentials) {}

  static async start(credentials: Partial<ExotelCredentials> = {}): Promise<ExotelStandin> {
    const s = new ExotelStandin({
      accountSid: credentials.accountSid ?? 'standin1',
      apiKey: credentials.apiKey ?? `key${randomBytes(6).toString('hex')}`,
      apiToken: credentials.apiToken ?? `token${randomBytes(12).toString('hex')}`,
    });
    s.server = http.createServer((req, res) => {
      s.handle(req, res).catch(() => {
        res.statusCode = 500;
        res.end();
      });
    });
    await new Promise<void>((resolve) => s.server.listen(0, '127.0.0.1', resolve));
    s.url = `http://127.0.0.1:${(s.server.address() as AddressInfo).port}`;
    return s;
  }

  /** The settings a company saves for this stand-in (the cluster is replaced by EXOTEL_API_URL). */
  settings(cluster: 'mumbai' | 'singapore' = 'mumbai'): Record<string, string> {
    return { ...this.credentials, cluster };
  }

  /** Exotel has priced the call (its Call Details' Price, INR). */
  priceCall(sid: string, price: string): void {
    this.call(sid);
    this.prices.set(sid, price);
  }

  /** Answers the next request of an area (connect: placing a call; check: the calls list; details: one call's; recording) with this. */
  answerNext(area: Area, answer: CannedAnswer): void {
    this.canned[area].push(answer);
  }

  placed(): PlacedCall[] {
    return [...this.calls.values()];
  }

  call(sid: string): PlacedCall {
    const c = this.calls.get(sid);
    if (!c) throw new Error(`the stand-in placed no call ${sid}`);
    return c;
  }

  recordingUrl(sid: string): string {
    return `${this.url}/recordings/${sid}.mp3`;
  }

  /**
   * A StatusCallback body as Exotel documents it, for a placed call ending this way. Its times follow
   * from the call's creation (each phone rings 8 s), so the answered event and the terminal one agree.
   */
  payload(sid: string, ending: CallEnding): Record<string, unknown> {
    const call = this.call(sid);
    const ringing = 8;
    const talk = typeof ending === 'object' ? ending.answered : 0;
    const start = call.createdAt;
    const answeredAt = new Date(start.getTime() + 2 * ringing * 1000);
    const end = new Date(answeredAt.getTime() + talk * 1000);
    const base = {
      CallSid: sid,
      DateUpdated: exotelTime(end),
      RecordingUrl: null as string | null,
      DateCreated: exotelTime(start),
      To: call.form.To,
      From: call.form.From,
      PhoneNumberSid: call.form.CallerId,
      StartTime: exotelTime(start),
      EndTime: exotelTime(end),
      ConversationDuration: 0,
      Direction: 'outbound-api',
      CustomField: call.form.CustomField ?? null,
    };
    const legs = (agent: [string | null, number], lead: [string | null, number]) => [
      { OnCallDuration: agent[1], Status: agent[0], AnsweredBy: 'NA' },
      { OnCallDuration: lead[1], Status: lead[0], AnsweredBy: lead[0] === 'completed' ? 'Human' : 'NA' },
    ];
    if (ending === 'answered-event') {
      return {
        ...base,
        EventType: 'answered',
        Status: 'in-progress',
        DateUpdated: exotelTime(answeredAt),
        EndTime: null,
        Legs: legs(['in-progress', 0], ['in-progress', 0]),
      };
    }
    if (typeof ending === 'object') {
      const record = ending.record ?? call.form.Record === 'true';
      return {
        ...base,
        EventType: 'terminal',
        Status: 'completed',
        ConversationDuration: talk,
        RecordingUrl: record ? this.recordingUrl(sid) : null,
        Legs: legs(['completed', talk + ringing], ['completed', talk]),
      };
    }
    if (ending === 'agent-missed') return { ...base, EventType: 'terminal', Status: 'no-answer', Legs: legs(['no-answer', 0], [null, 0]) };
    return { ...base, EventType: 'terminal', Status: ending, Legs: legs(['completed', ringing + 20], [ending, 0]) };
  }

  /** Posts a StatusCallback to the address the call gave, as Exotel would; resolves with our server's answer. */
  async callback(sid: string, ending: CallEnding | Record<string, unknown>): Promise<DeliveredCallback> {
    const payload = typeof ending === 'string' || 'answered' in ending ? this.payload(sid, ending as CallEnding) : ending;
    return this.send(this.call(sid).form.StatusCallback!, payload, this.call(sid).form.StatusCallbackContentType === 'application/json' ? 'json' : 'multipart');
  }

  /** Sends a callback body to an address: JSON, or multipart/form-data with Legs flattened (Legs[0][Status]). */
  async send(url: string, payload: Record<string, unknown>, as: 'json' | 'multipart' | 'form' = 'json'): Promise<DeliveredCallback> {
    let body: string | FormData | URLSearchParams;
    if (as === 'json') body = JSON.stringify(payload);
    else {
      const flat: [string, string][] = [];
      for (const [k, v] of Object.entries(payload)) {
        if (!Array.isArray(v)) {
          flat.push([k, v === null || v === undefined ? '' : String(v)]);
          continue;
        }
        for (const [i, leg] of v.entries()) {
          for (const [lk, lv] of Object.entries(leg as object)) flat.push([`${k}[${i}][${lk}]`, lv === null ? '' : String(lv)]);
        }
      }
      if (as === 'form') body = new URLSearchParams(flat);
      else {
        body = new FormData();
        for (const [k, v] of flat) body.append(k, v);
      }
    }
    const headers: Record<string, string> = as === 'json' ? { 'Content-Type': 'application/json' } : {};
    const res = await fetch(url, { method: 'POST', headers, body });
    const delivered: DeliveredCallback = {
      url,
      contentType: as === 'json' ? 'application/json' : as === 'form' ? 'application/x-www-form-urlencoded' : 'multipart/form-data',
      payload,
      status: res.status,
      body: await res.text(),
    };
    this.delivered.push(delivered);
    return delivered;
  }

  async close(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private async handle(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', this.url);
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const raw = Buffer.concat(chunks).toString('utf8');
    const contentType = req.headers['content-type'] ?? null;
    const form = contentType?.startsWith('application/x-www-form-urlencoded') ? Object.fromEntries(new URLSearchParams(raw)) : {};
    const auth = basic(req.headers.authorization);
    const record: StandinRequest = {
      method: req.method ?? 'GET',
      path: url.pathname,
      query: Object.fromEntries(url.searchParams),
      auth,
      contentType,
      form,
      headers: req.headers,
      status: 0,
    };
    this.requests.push(record);
    const answer = (status: number, body: unknown, headers: Record<string, string> = {}) => {
      record.status = status;
      const raw = typeof body === 'string' || Buffer.isBuffer(body);
      res.writeHead(status, { 'Content-Type': raw ? 'text/plain' : 'application/json', ...headers });
      res.end(raw ? body : JSON.stringify(body));
    };

    const recording = /^\/recordings\/([A-Za-z0-9_-]+)\.mp3$/.exec(url.pathname);
    const area: Area | null = recording
      ? 'recording'
      : /\/Calls\/connect(\.json)?$/.test(url.pathname)
        ? 'connect'
        : /\/Calls(\.json)?$/.test(url.pathname)
          ? 'check'
          : /\/Calls\/[^/]+$/.test(url.pathname)
            ? 'details'
            : null;
    const canned = area ? this.canned[area].shift() : undefined;
    if (canned) {
      if (canned.delayMs) await new Promise((r) => setTimeout(r, canned.delayMs));
      if (canned.hangUp) {
        record.status = -1;
        req.socket.destroy();
        return;
      }
      answer(canned.status, canned.body ?? '', canned.headers);
      return;
    }

    if (recording) {
      this.serveRecording(req, res, record);
      return;
    }

    const account = /^\/v1\/Accounts\/([^/]+)\//.exec(url.pathname);
    if (!account) return answer(404, { RestException: { Status: 404, Message: 'Not Found' } });
    if (!auth || auth.user !== this.credentials.apiKey || auth.password !== this.credentials.apiToken) {
      return answer(401, { RestException: { Status: 401, Message: 'Authentication failed', Code: 20003 } });
    }
    if (decodeURIComponent(account[1]!) !== this.credentials.accountSid) return answer(404, { RestException: { Status: 404, Message: 'Account not found' } });

    if (area === 'connect' && req.method === 'POST') {
      for (const f of ['From', 'To', 'CallerId']) {
        if (!form[f]) return answer(400, { RestException: { Status: 400, Message: `Missing parameter ${f}`, Code: 21201 } });
      }
      const sid = randomBytes(16).toString('hex');
      const now = new Date();
      this.calls.set(sid, { sid, form, createdAt: now });
      return answer(200, {
        Call: {
          Sid: sid,
          ParentCallSid: null,
          DateCreated: exotelTime(now),
          DateUpdated: exotelTime(now),
          AccountSid: this.credentials.accountSid,
          To: form.To,
          From: form.From,
          PhoneNumberSid: form.CallerId,
          Status: 'in-progress',
          StartTime: exotelTime(now),
          EndTime: null,
          Duration: null,
          Price: null,
          Direction: 'outbound-api',
          AnsweredBy: null,
          ForwardedFrom: null,
          CallerName: null,
          Uri: `/v1/Accounts/${this.credentials.accountSid}/Calls.json/${sid}`,
          RecordingUrl: null,
        },
      });
    }
    if (area === 'check' && req.method === 'GET') {
      const pageSize = Math.min(Number(url.searchParams.get('PageSize') ?? 50) || 50, 100);
      const calls = this.placed().slice(0, pageSize);
      return answer(200, {
        Metadata: { Total: this.calls.size, PageSize: pageSize, FirstPageUri: url.pathname, PrevPageUri: null, NextPageUri: null },
        Calls: calls.map((c) => ({ Sid: c.sid, DateCreated: exotelTime(c.createdAt), Status: 'completed', To: c.form.To, From: c.form.From })),
      });
    }
    if (area === 'details' && req.method === 'GET') {
      const sid = decodeURIComponent(/\/Calls\/([^/]+?)(\.json)?$/.exec(url.pathname)![1]!);
      const call = this.calls.get(sid);
      if (!call) return answer(404, { RestException: { Status: 404, Message: 'Call not found' } });
      return answer(200, { Call: this.details(call) });
    }
    answer(404, { RestException: { Status: 404, Message: 'Not Found' } });
  }

  /** A placed call as Call Details documents it. */
  private details(call: PlacedCall) {
    return {
      Sid: call.sid,
      ParentCallSid: null,
      DateCreated: exotelTime(call.createdAt),
      DateUpdated: exotelTime(call.createdAt),
      AccountSid: this.credentials.accountSid,
      To: call.form.To,
      From: call.form.From,
      PhoneNumberSid: call.form.CallerId,
      Status: 'completed',
      StartTime: exotelTime(call.createdAt),
      EndTime: exotelTime(call.createdAt),
      Duration: 60,
      Price: this.prices.get(call.sid) ?? null,
      Direction: 'outbound-api',
      AnsweredBy: 'human',
      ForwardedFrom: null,
      CallerName: null,
      Uri: `/v1/Accounts/${this.credentials.accountSid}/Calls/${call.sid}.json`,
      RecordingUrl: null,
    };
  }

  private serveRecording(req: http.IncomingMessage, res: http.ServerResponse, record: StandinRequest): void {
    const total = this.recording.length;
    const range = req.headers.range;
    const headers = { 'Content-Type': 'audio/mpeg', 'Accept-Ranges': 'bytes' };
    if (!range) {
      record.status = 200;
      res.writeHead(200, { ...headers, 'Content-Length': String(total) });
      res.end(this.recording);
      return;
    }
    const m = /^bytes=(\d*)-(\d*)$/.exec(range);
    let start = m?.[1] ? Number(m[1]) : Number.NaN;
    let end = m?.[2] ? Number(m[2]) : total - 1;
    if (m && !m[1] && m[2]) {
      start = Math.max(0, total - Number(m[2]));
      end = total - 1;
    }
    if (!m || Number.isNaN(start) || start >= total || end < start) {
      record.status = 416;
      res.writeHead(416, { 'Content-Range': `bytes */${total}` });
      res.end();
      return;
    }
    end = Math.min(end, total - 1);
    record.status = 206;
    res.writeHead(206, { ...headers, 'Content-Range': `bytes ${start}-${end}/${total}`, 'Content-Length': String(end - start + 1) });
    res.end(this.recording.subarray(start, end + 1));
  }
}

function basic(header: string | undefined): { user: string; password: string } | null {
  const m = header ? /^Basic ([A-Za-z0-9+/=]+)$/.exec(header) : null;
  if (!m) return null;
  const decoded = Buffer.from(m[1]!, 'base64').toString('utf8');
  const i = decoded.indexOf(':');
  return i < 0 ? null : { user: decoded.slice(0, i), password: decoded.slice(i + 1) };
}
