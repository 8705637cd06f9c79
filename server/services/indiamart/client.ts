import { PULL_CODES_OURS } from '../../../shared/schemas/indiamart.js';

export type FetchFn = (input: string, init?: RequestInit) => Promise<Response>;

/** One lead as IndiaMART's CRM listing answers it (every field may be missing or null). */
export interface IndiamartRow {
  UNIQUE_QUERY_ID?: unknown;
  QUERY_TYPE?: unknown;
  QUERY_TIME?: unknown;
  SENDER_NAME?: unknown;
  SENDER_MOBILE?: unknown;
  SENDER_EMAIL?: unknown;
  SUBJECT?: unknown;
  SENDER_COMPANY?: unknown;
  SENDER_ADDRESS?: unknown;
  SENDER_CITY?: unknown;
  SENDER_STATE?: unknown;
  SENDER_PINCODE?: unknown;
  SENDER_COUNTRY_ISO?: unknown;
  SENDER_MOBILE_ALT?: unknown;
  QUERY_PRODUCT_NAME?: unknown;
  QUERY_MESSAGE?: unknown;
  QUERY_MCAT_NAME?: unknown;
  CALL_DURATION?: unknown;
  RECEIVER_MOBILE?: unknown;
}

export interface IndiamartAnswer {
  /** IndiaMART's CODE as text, or one of PULL_CODES_OURS when there was no usable answer */
  code: string;
  message: string;
  totalRecords: number | null;
  rows: IndiamartRow[];
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
// India has no daylight saving: IST is always UTC+05:30.
const IST_OFFSET_MS = 330 * 60_000;
const pad = (n: number) => String(n).padStart(2, '0');

/** An instant as IndiaMART's start_time/end_time want it: IST, `DD-Mon-YYYYHH:MM:SS`. */
export function formatIndiamartTime(at: Date): string {
  const d = new Date(at.getTime() + IST_OFFSET_MS);
  return `${pad(d.getUTCDate())}-${MONTHS[d.getUTCMonth()]}-${d.getUTCFullYear()}${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}`;
}

/** The inverse of formatIndiamartTime (null when the text is not in that format). */
export function parseIndiamartTime(text: string): Date | null {
  const m = /^(\d{2})-([A-Za-z]{3})-(\d{4})(\d{2}):(\d{2}):(\d{2})$/.exec(text);
  if (!m) return null;
  const month = MONTHS.findIndex((x) => x.toLowerCase() === m[2]!.toLowerCase());
  if (month < 0) return null;
  const utc = Date.UTC(Number(m[3]), month, Number(m[1]), Number(m[4]), Number(m[5]), Number(m[6])) - IST_OFFSET_MS;
  return Number.isNaN(utc) ? null : new Date(utc);
}

const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]']);

/**
 * The saved API link as a URL we may call: https anywhere, or plain http to this machine only
 * (the fake IndiaMART server of the tests and demos). Settings only ever saves https links.
 */
export function parseApiLink(apiLink: string): URL | null {
  let url: URL;
  try {
    url = new URL(apiLink.trim());
  } catch {
    return null;
  }
  if (url.protocol === 'https:') return url;
  if (url.protocol === 'http:' && LOOPBACK_HOSTS.has(url.hostname)) return url;
  return null;
}

/** The saved link with the window appended, as IndiaMART expects it. */
export function buildPullUrl(apiLink: URL, start: Date, end: Date): string {
  const url = new URL(apiLink.href);
  url.searchParams.set('start_time', formatIndiamartTime(start));
  url.searchParams.set('end_time', formatIndiamartTime(end));
  return url.href;
}

const DEFAULT_MESSAGES: Record<string, string> = {
  '200': 'Leads received.',
  '204': 'No new leads in this period.',
  '400': 'IndiaMART refused the request (bad parameters or time range).',
  '401': 'IndiaMART refused the API key. Check the API link.',
  '429': 'IndiaMART allows one pull every 5 minutes; this one came too soon.',
  '500': 'IndiaMART had an error. The next pull will try again.',
};

const text = (v: unknown) => (typeof v === 'string' ? v.trim() : typeof v === 'number' ? String(v) : '');

/** Reads IndiaMART's answer; its CODE in the body decides, whatever the HTTP status says. */
export function parseAnswer(httpStatus: number, body: string): IndiamartAnswer {
  let json: unknown;
  try {
    json = JSON.parse(body);
  } catch {
    json = undefined;
  }
  if (!json || typeof json !== 'object' || Array.isArray(json) || !('CODE' in json)) {
    if (httpStatus < 200 || httpStatus >= 300) {
      return { code: String(httpStatus), message: `IndiaMART answered HTTP ${httpStatus}.`, totalRecords: null, rows: [] };
    }
    return { code: PULL_CODES_OURS.BAD_RESPONSE, message: 'IndiaMART sent an answer that could not be read.', totalRecords: null, rows: [] };
  }
  const o = json as Record<string, unknown>;
  const code = text(o.CODE) || String(httpStatus);
  const total = Number(o.TOTAL_RECORDS);
  const rows = Array.isArray(o.RESPONSE) ? (o.RESPONSE.filter((r) => r && typeof r === 'object') as IndiamartRow[]) : [];
  const message = text(o.MESSAGE).slice(0, 500) || DEFAULT_MESSAGES[code] || `IndiaMART answered CODE ${code}.`;
  return { code, message, totalRecords: Number.isFinite(total) ? total : null, rows: code === '200' ? rows : [] };
}

export interface FetchOptions {
  fetchFn?: FetchFn;
  timeoutMs?: number;
  maxBytes?: number;
}

export const DEFAULT_TIMEOUT_MS = 20_000;
/** Far above a 7-day window of a busy account (a lead is about 1.5 KB). */
export const MAX_ANSWER_BYTES = 32 * 1024 * 1024;

/** The body as text, or null when it is larger than maxBytes (the rest is not read). */
async function readLimited(res: Response, maxBytes: number): Promise<string | null> {
  if (Number(res.headers.get('content-length') ?? 0) > maxBytes) {
    await res.body?.cancel().catch(() => undefined);
    return null;
  }
  if (!res.body) return '';
  const chunks: Uint8Array[] = [];
  let size = 0;
  for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
    size += chunk.byteLength;
    // leaving the loop cancels the rest of the stream
    if (size > maxBytes) return null;
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/** Calls IndiaMART once. Never throws: a network failure or timeout comes back as our own code. */
export async function fetchIndiamartLeads(url: string, opts: FetchOptions = {}): Promise<IndiamartAnswer> {
  const fetchFn = opts.fetchFn ?? fetch;
  const timeoutMs = opts.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  try {
    const res = await fetchFn(url, {
      method: 'GET',
      headers: { accept: 'application/json' },
      // The link is the company's to set: a redirect elsewhere is reported, not followed.
      redirect: 'manual',
      signal: AbortSignal.timeout(timeoutMs),
    });
    const body = await readLimited(res, opts.maxBytes ?? MAX_ANSWER_BYTES);
    if (body === null) {
      return { code: PULL_CODES_OURS.BAD_RESPONSE, message: 'IndiaMART sent an answer too large to read.', totalRecords: null, rows: [] };
    }
    return parseAnswer(res.status, body);
  } catch (err) {
    // Messages here never carry the URL: it holds the company's key.
    const e = err as { name?: string; cause?: { code?: string } };
    if (e?.name === 'TimeoutError' || e?.name === 'AbortError') {
      return {
        code: PULL_CODES_OURS.TIMEOUT,
        message: `IndiaMART did not answer within ${timeoutMs >= 1000 ? `${Math.round(timeoutMs / 1000)} seconds` : `${timeoutMs} ms`}.`,
        totalRecords: null,
        rows: [],
      };
    }
    const reason = typeof e?.cause?.code === 'string' ? ` (${e.cause.code})` : '';
    return { code: PULL_CODES_OURS.NETWORK, message: `Could not reach IndiaMART${reason}.`, totalRecords: null, rows: [] };
  }
}
