import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A fake IndiaMART CRM Lead Pull API (crmListing v2) on 127.0.0.1 with a random port.
 * Like the real one it answers HTTP 200 with the outcome in the body's CODE: 200 with leads,
 * 204 when the window has none, 401 for an unknown key, 400 for missing/bad times or a window
 * over 7 days, and (when enforceRate is on) 429 for a second call with a key within 5 minutes.
 * Canned answers per key override all of that. Every request is recorded.
 */

export const FAKE_PATH = '/wservce/crm/crmListing/v2/';

export interface FakeLead {
  UNIQUE_QUERY_ID: string;
  QUERY_TYPE?: string;
  /** IST, "YYYY-MM-DD HH:MM:SS" */
  QUERY_TIME: string;
  SENDER_NAME?: string;
  SENDER_MOBILE?: string;
  SENDER_EMAIL?: string;
  SUBJECT?: string;
  SENDER_COMPANY?: string;
  SENDER_ADDRESS?: string;
  SENDER_CITY?: string;
  SENDER_STATE?: string;
  SENDER_PINCODE?: string;
  SENDER_COUNTRY_ISO?: string;
  SENDER_MOBILE_ALT?: string;
  QUERY_PRODUCT_NAME?: string;
  QUERY_MESSAGE?: string;
  QUERY_MCAT_NAME?: string;
  CALL_DURATION?: string;
  RECEIVER_MOBILE?: string;
}

export interface CannedAnswer {
  /** HTTP status (default 200: IndiaMART reports errors in the body) */
  http?: number;
  /** a JSON body, or raw text */
  body: object | string;
  delayMs?: number;
  headers?: Record<string, string>;
}

export interface FakeRequest {
  url: string;
  key: string | null;
  start_time: string | null;
  end_time: string | null;
  /** the CODE answered */
  code: number | null;
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const IST_MS = 330 * 60_000;
const SEVEN_DAYS_MS = 7 * 24 * 3600_000;

/** Parses IndiaMART's `DD-Mon-YYYYHH:MM:SS` (IST) strictly; null when it is not exactly that. */
export function parseImTime(text: string | null): number | null {
  const m = text ? /^(\d{2})-([A-Z][a-z]{2})-(\d{4})(\d{2}):(\d{2}):(\d{2})$/.exec(text) : null;
  if (!m) return null;
  const month = MONTHS.indexOf(m[2]!);
  if (month < 0) return null;
  return Date.UTC(Number(m[3]), month, Number(m[1]), Number(m[4]), Number(m[5]), Number(m[6])) - IST_MS;
}

/** An instant as IndiaMART's QUERY_TIME ("YYYY-MM-DD HH:MM:SS", IST). */
export function queryTime(at: Date): string {
  return new Date(at.getTime() + IST_MS).toISOString().slice(0, 19).replace('T', ' ');
}

const queryTimeMs = (qt: string) => Date.parse(`${qt.replace(' ', 'T')}Z`) - IST_MS;

export class FakeIndiamart {
  readonly requests: FakeRequest[] = [];
  /** answer 429 to a key called again within 5 minutes (real time) */
  enforceRate = false;
  private leads = new Map<string, FakeLead[]>();
  private canned = new Map<string, CannedAnswer[]>();
  private lastCall = new Map<string, number>();

  private constructor(
    private server: http.Server,
    readonly port: number,
  ) {}

  static async start(port = 0): Promise<FakeIndiamart> {
    let fake!: FakeIndiamart;
    const server = http.createServer((req, res) => void fake.handle(req, res));
    await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
    fake = new FakeIndiamart(server, (server.address() as AddressInfo).port);
    return fake;
  }

  /** The API link a company would save for this key. */
  link(key: string): string {
    return `http://127.0.0.1:${this.port}${FAKE_PATH}?glusr_crm_key=${encodeURIComponent(key)}`;
  }

  /** Registers a key with the leads IndiaMART holds for it (answered by window). */
  setLeads(key: string, leads: FakeLead[]): void {
    this.leads.set(key, leads);
  }

  addLeads(key: string, leads: FakeLead[]): void {
    this.leads.set(key, [...(this.leads.get(key) ?? []), ...leads]);
  }

  /** Answers the key's next call(s) with these, one each, before the normal behaviour resumes. */
  queueAnswer(key: string, ...answers: CannedAnswer[]): void {
    this.canned.set(key, [...(this.canned.get(key) ?? []), ...answers]);
  }

  requestsFor(key: string): FakeRequest[] {
    return this.requests.filter((r) => r.key === key);
  }

  async close(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private async handle(req: http.IncomingMessage, res: http.ServerResponse) {
    const url = new URL(req.url ?? '/', `http://127.0.0.1:${this.port}`);
    const key = url.searchParams.get('glusr_crm_key');
    const record: FakeRequest = { url: url.href, key, start_time: url.searchParams.get('start_time'), end_time: url.searchParams.get('end_time'), code: null };
    this.requests.push(record);
    const send = async (answer: CannedAnswer) => {
      if (answer.delayMs) await new Promise((r) => setTimeout(r, answer.delayMs));
      const body = typeof answer.body === 'string' ? answer.body : JSON.stringify(answer.body);
      if (typeof answer.body === 'object') record.code = Number((answer.body as { CODE?: unknown }).CODE) || null;
      if (res.destroyed) return;
      res.writeHead(answer.http ?? 200, { 'content-type': typeof answer.body === 'string' ? 'text/html' : 'application/json', ...answer.headers });
      res.end(body);
    };
    const fail = (CODE: number, MESSAGE: string) => send({ body: { CODE, STATUS: 'FAILURE', MESSAGE, TOTAL_RECORDS: 0, RESPONSE: [] } });

    if (req.method !== 'GET' || url.pathname !== FAKE_PATH) return send({ http: 404, body: 'Not Found' });
    const queued = key ? this.canned.get(key) : undefined;
    if (key && queued?.length) return send(queued.shift()!);
    if (!key || !this.leads.has(key)) return fail(401, 'Invalid API key.');
    const start = parseImTime(record.start_time);
    const end = parseImTime(record.end_time);
    if (start === null || end === null) return fail(400, 'Invalid start_time or end_time. Use DD-Mon-YYYYHH:MM:SS.');
    if (end < start) return fail(400, 'end_time must be after start_time.');
    if (end - start > SEVEN_DAYS_MS) return fail(400, 'The time range may span at most 7 days.');
    if (this.enforceRate) {
      const last = this.lastCall.get(key);
      if (last !== undefined && Date.now() - last < 5 * 60_000) {
        return fail(
          429,
          'It is advised to hit this API once in every 5 minutes, but it seems that you have crossed this limit. Please try again after 5 minutes.',
        );
      }
      this.lastCall.set(key, Date.now());
    }
    const rows = this.leads.get(key)!.filter((l) => {
      const t = queryTimeMs(l.QUERY_TIME);
      return t >= start && t <= end;
    });
    if (rows.length === 0)
      return send({ body: { CODE: 204, STATUS: 'SUCCESS', MESSAGE: 'There are no leads in the given time duration.', TOTAL_RECORDS: 0, RESPONSE: [] } });
    return send({ body: { CODE: 200, STATUS: 'SUCCESS', MESSAGE: '', TOTAL_RECORDS: rows.length, RESPONSE: rows } });
  }
}
