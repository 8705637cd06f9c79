import type { CallStatus } from '../../../../shared/telephony.js';
import type { TelephonyConfig } from '../../../config.js';
import { chargeOf } from '../charge.js';
import {
  type CallEvent,
  HookRefused,
  type HookReply,
  type HookRequest,
  type InboundAnswer,
  type InboundCall,
  type PlacedCall,
  type PlaceCallRequest,
  type CallCost,
  ProviderError,
  type ProviderSettings,
  type TelephonyProvider,
} from '../provider.js';

/*
 * Exotel through its public Voice v1 API (docs/telephony.md#exotel): "Connect Two Numbers" rings the
 * telecaller (From) and, once they answer, the lead (To); the StatusCallback reports how it ended,
 * with each leg's status and the conversation's length. Inbound calls reach us from a flow's Connect
 * applet (its dynamic URL asks whom to dial) and, after it, an async Passthru applet reports the end.
 */

const CLUSTERS: Record<string, string> = { mumbai: 'https://api.in.exotel.com', singapore: 'https://api.exotel.com' };

/** Exotel answers placements within a second or two; a telecaller waiting longer gets the tel: link. */
const API_TIMEOUT_MS = 10_000;
/** A recording's first bytes; the stream itself may then take as long as the listener plays it. */
const RECORDING_TIMEOUT_MS = 15_000;

/** Exotel writes its times as IST wall-clock ("1970-01-01 05:30:00" is its documented epoch). */
const IST_OFFSET_MS = 330 * 60_000;
const EXOTEL_TIME = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})$/;
/** A time that names its offset (as Exotel's newer APIs write them): taken as it says. */
const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,6})?(Z|[+-]\d{2}:\d{2})$/;
/** The longest call Exotel places is 4 hours (TimeLimit's maximum); a day leaves room for its clocks. */
const MAX_SECONDS = 86_400;

const CALL_SID = /^[A-Za-z0-9_-]{1,100}$/;
const PHONE = /^\+?[0-9]{3,20}$/;

type Fields = Record<string, unknown>;

function baseUrl(config: TelephonyConfig, settings: ProviderSettings): string {
  if (config.exotelApiUrl) return config.exotelApiUrl;
  const base = CLUSTERS[settings.cluster ?? ''];
  if (!base) throw new ProviderError('The Exotel cluster is not set: choose Mumbai or Singapore in the calling settings.', 'refused');
  return base;
}

function clusterName(config: TelephonyConfig, settings: ProviderSettings): string {
  if (config.exotelApiUrl) return 'the configured Exotel address';
  return settings.cluster === 'mumbai' ? 'the Mumbai cluster' : 'the Singapore cluster';
}

/** HTTP Basic with the API key and token, in a header: never in an address that may be logged. */
function authorization(settings: ProviderSettings): string {
  return `Basic ${Buffer.from(`${settings.apiKey ?? ''}:${settings.apiToken ?? ''}`).toString('base64')}`;
}

function accountPath(settings: ProviderSettings, rest: string): string {
  return `/v1/Accounts/${encodeURIComponent(settings.accountSid ?? '')}/${rest}`;
}

/** Exotel's own words from a refusal ({"RestException": {"Message": ...}}), trimmed, never echoing a credential. */
async function exotelMessage(res: Response, settings: ProviderSettings): Promise<string | null> {
  let text: string;
  try {
    text = (await res.text()).slice(0, 4000);
  } catch {
    return null;
  }
  let message: unknown;
  try {
    const body = JSON.parse(text) as { RestException?: { Message?: unknown } };
    message = body?.RestException?.Message;
  } catch {
    message = /<Message>([^<]{1,300})<\/Message>/.exec(text)?.[1];
  }
  if (typeof message !== 'string') return null;
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is removed
  let clean = message.replace(/[\u0000-\u001f\u007f]+/g, ' ').trim();
  for (const secret of [settings.apiKey, settings.apiToken]) if (secret) clean = clean.split(secret).join('…');
  return clean ? clean.slice(0, 200) : null;
}

async function callExotel(url: string, init: RequestInit): Promise<Response> {
  try {
    return await fetch(url, { ...init, redirect: 'manual', signal: AbortSignal.timeout(API_TIMEOUT_MS) });
  } catch (err) {
    const timedOut = err instanceof Error && (err.name === 'TimeoutError' || err.name === 'AbortError');
    throw new ProviderError(
      timedOut ? `Exotel did not answer within ${API_TIMEOUT_MS / 1000} seconds.` : 'Exotel could not be reached from the server (a network problem).',
      'unreachable',
    );
  }
}

/** What Exotel's refusal means to the person who asked. */
async function refusal(res: Response, settings: ProviderSettings, config: TelephonyConfig, doing: string): Promise<ProviderError> {
  if (res.status >= 500) return new ProviderError(`Exotel is not working right now (it answered ${res.status}); try again in a minute.`, 'unreachable');
  const said = await exotelMessage(res, settings);
  const because = said ? ` Exotel said: “${said}”` : '';
  switch (res.status) {
    case 401:
      return new ProviderError('Exotel did not accept the API key and token.', 'refused');
    case 402:
      return new ProviderError(`Exotel refused ${doing}: the account's balance or plan limit is used up.${because}`, 'refused');
    case 403:
      return new ProviderError(`Exotel refused ${doing}: the account is suspended or the API key may not do this.${because}`, 'refused');
    case 404:
      return new ProviderError(`Exotel does not know this account SID on ${clusterName(config, settings)}: check the SID and the cluster.`, 'refused');
    case 429:
      return new ProviderError('Exotel is limiting requests from this account right now; try again in a minute.', 'refused');
    default:
      if (res.status >= 300 && res.status < 400)
        return new ProviderError(`Exotel answered ${doing} with a redirect (${res.status}); check the cluster.`, 'refused');
      return new ProviderError(`Exotel refused ${doing}.${because || ` (HTTP ${res.status})`}`, 'refused');
  }
}

/** An Exotel time ("YYYY-MM-DD HH:mm:ss", IST) as ISO-8601 UTC; undefined when absent or its "no time" epoch. */
function exotelTime(v: unknown, field: string): string | undefined {
  if (v === undefined || v === null || v === '') return undefined;
  if (typeof v === 'string' && ISO_TIME.test(v)) {
    const ms = Date.parse(v);
    if (Number.isNaN(ms)) throw new HookRefused(`${field} is not a time`, 400);
    return ms > 0 ? new Date(ms).toISOString() : undefined;
  }
  const m = typeof v === 'string' ? EXOTEL_TIME.exec(v) : null;
  if (!m) throw new HookRefused(`${field} is not a time`, 400);
  const ms = Date.UTC(+m[1]!, +m[2]! - 1, +m[3]!, +m[4]!, +m[5]!, +m[6]!) - IST_OFFSET_MS;
  if (Number.isNaN(ms) || +m[2]! > 12 || +m[3]! > 31 || +m[4]! > 23 || +m[5]! > 59 || +m[6]! > 59) throw new HookRefused(`${field} is not a time`, 400);
  if (ms <= 0) return undefined;
  return new Date(ms).toISOString();
}

function seconds(v: unknown, field: string): number | undefined {
  if (v === undefined || v === null || v === '') return undefined;
  const n = typeof v === 'number' ? v : typeof v === 'string' && /^\d{1,6}$/.test(v) ? Number(v) : Number.NaN;
  if (!Number.isInteger(n) || n < 0 || n > MAX_SECONDS) throw new HookRefused(`${field} is not a number of seconds`, 400);
  return n;
}

function text(v: unknown, field: string, max: number): string | undefined {
  if (v === undefined || v === null || v === '') return undefined;
  if (typeof v !== 'string' || v.length > max) throw new HookRefused(`${field} is not valid`, 400);
  return v;
}

function callSid(v: unknown): string {
  if (typeof v !== 'string' || !CALL_SID.test(v)) throw new HookRefused('CallSid is missing or not valid', 400);
  return v;
}

/** Exotel's call and leg statuses (Connect Two Numbers, StatusCallback). */
const EXOTEL_STATUSES = ['queued', 'ringing', 'in-progress', 'completed', 'failed', 'busy', 'no-answer', 'canceled'] as const;
type ExotelStatus = (typeof EXOTEL_STATUSES)[number];

function exotelStatus(v: unknown, field: string): ExotelStatus | undefined {
  if (v === undefined || v === null || v === '' || v === 'null') return undefined;
  const status = typeof v === 'string' ? v.toLowerCase() : null;
  if (!status || !(EXOTEL_STATUSES as readonly string[]).includes(status)) throw new HookRefused(`${field} is not one of Exotel's statuses`, 400);
  return status as ExotelStatus;
}

interface Leg {
  status?: ExotelStatus;
  onCallSeconds?: number;
}

/** Legs as JSON sends them (an array), or as a form flattens them (Legs[0][Status]). */
function legsOf(body: Fields): Leg[] {
  let raw: unknown = body.Legs;
  if (raw === undefined) {
    const flat: Fields[] = [];
    for (const [k, v] of Object.entries(body)) {
      const m = /^Legs\[(\d)\]\[(\w{1,30})\]$/.exec(k);
      if (!m) continue;
      const leg = flat[+m[1]!] ?? {};
      leg[m[2]!] = v;
      flat[+m[1]!] = leg;
    }
    raw = flat.length ? flat : undefined;
  } else if (typeof raw === 'string') {
    try {
      raw = JSON.parse(raw);
    } catch {
      throw new HookRefused('Legs is not valid', 400);
    }
  }
  if (raw === undefined || raw === null) return [];
  if (!Array.isArray(raw) || raw.length > 10) throw new HookRefused('Legs is not valid', 400);
  return raw.map((leg, i) => {
    if (leg === null || typeof leg !== 'object' || Array.isArray(leg)) throw new HookRefused('Legs is not valid', 400);
    // The Call Details API wraps each leg ({"Leg": {...}}); the callback does not.
    const wrapped = (leg as Fields).Leg;
    const l = (wrapped && typeof wrapped === 'object' && !Array.isArray(wrapped) ? wrapped : leg) as Fields;
    return { status: exotelStatus(l.Status, `Legs[${i}].Status`), onCallSeconds: seconds(l.OnCallDuration, `Legs[${i}].OnCallDuration`) };
  });
}

/** A leg that was answered: it completed (or is still on) with time on the call. */
const answered = (leg: Leg | undefined) => !!leg && (leg.status === 'in-progress' || (leg.status === 'completed' && (leg.onCallSeconds ?? 1) > 0));

const ENDED: Record<'failed' | 'busy' | 'no-answer' | 'canceled', CallStatus> = {
  failed: 'failed',
  busy: 'busy',
  'no-answer': 'no_answer',
  canceled: 'canceled',
};

/** Only Exotel's own hosts (and their S3 buckets) are fetched for a recording: the address came from a callback. */
function recordingAllowed(config: TelephonyConfig, url: URL): boolean {
  if (config.exotelApiUrl && url.origin === new URL(config.exotelApiUrl).origin) return true;
  if (url.protocol !== 'https:') return false;
  const host = url.hostname.toLowerCase();
  return ['exotel.com', 'exotel.in', 'amazonaws.com'].some((d) => host === d || host.endsWith(`.${d}`));
}

function recordingRef(config: TelephonyConfig, v: unknown): string | undefined {
  const raw = text(v, 'RecordingUrl', 2000);
  if (!raw || raw === 'null') return undefined;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new HookRefused('RecordingUrl is not an address', 400);
  }
  // A recording somewhere else is not kept (the server would fetch it for a listener), the rest of the callback is.
  return recordingAllowed(config, url) ? url.href : undefined;
}

/**
 * The documented StatusCallback of a Connect Two Numbers call, in our terms; null for an event the app
 * did not subscribe to (Exotel says more may come), which is acknowledged and changes nothing.
 */
function outboundEvent(config: TelephonyConfig, body: Fields): CallEvent | null {
  const providerCallId = callSid(body.CallSid);
  const eventType = (text(body.EventType, 'EventType', 30) ?? 'terminal').toLowerCase();
  if (!/^[a-z_-]+$/.test(eventType)) throw new HookRefused('EventType is not valid', 400);
  if (eventType !== 'terminal' && eventType !== 'answered') return null;
  const status = exotelStatus(body.Status, 'Status');
  if (!status && eventType === 'terminal') throw new HookRefused('Status is missing', 400);
  text(body.CustomField, 'CustomField', 128);
  const legs = legsOf(body);
  const [agent, lead] = legs;
  const updated = exotelTime(body.DateUpdated, 'DateUpdated');
  const ended = exotelTime(body.EndTime, 'EndTime') ?? updated;
  exotelTime(body.StartTime, 'StartTime');
  exotelTime(body.DateCreated, 'DateCreated');
  const conversation = seconds(body.ConversationDuration, 'ConversationDuration');
  const recording = recordingRef(config, body.RecordingUrl);

  if (eventType === 'answered') {
    // The answered event may come when the telecaller picks up (the lead then rings) or when both talk.
    const leadOn = legs.length < 2 || answered(lead);
    return leadOn ? { providerCallId, status: 'in_progress', answeredAt: updated } : { providerCallId, status: 'ringing' };
  }

  // Exotel rings the telecaller first: if their leg was not answered, the lead was never dialled.
  if (agent && !answered(agent)) return { providerCallId, status: 'agent_missed', endedAt: ended, talkSeconds: 0 };

  const talk = conversation ?? lead?.onCallSeconds;
  const leadAnswered = lead ? answered(lead) : status === 'completed' && (talk ?? 1) > 0;
  if (leadAnswered) {
    const talkSeconds = talk ?? 0;
    const answeredAt = ended ? new Date(Date.parse(ended) - talkSeconds * 1000).toISOString() : undefined;
    return { providerCallId, status: 'completed', answeredAt, endedAt: ended, talkSeconds, recordingRef: recording };
  }
  const leadStatus = lead?.status ?? status;
  const outcome: CallStatus =
    leadStatus && leadStatus in ENDED
      ? ENDED[leadStatus as keyof typeof ENDED]
      : // the telecaller answered and hung up before the lead's phone was dialled or answered
        'canceled';
  return { providerCallId, status: outcome, endedAt: ended, talkSeconds: 0 };
}

/** Passthru's CallType after a Connect applet: only a conversation counts as answered. */
const PASSTHRU_CALL_TYPES = ['completed', 'call-attempt', 'client-hangup', 'incomplete', 'voicemail', 'call'] as const;

/** An inbound call's end, as the async Passthru applet after the Connect applet reports it (query parameters). */
function passthruEvent(config: TelephonyConfig, q: Fields): CallEvent {
  const providerCallId = callSid(q.CallSid);
  const callType = text(q.CallType, 'CallType', 30);
  if (!callType || !(PASSTHRU_CALL_TYPES as readonly string[]).includes(callType)) throw new HookRefused('CallType is not one of Exotel’s', 400);
  const ended = exotelTime(q.CurrentTime, 'CurrentTime') ?? exotelTime(q.EndTime, 'EndTime');
  const talk = seconds(q.DialCallDuration, 'DialCallDuration');
  if (callType === 'completed') {
    const talkSeconds = talk ?? 0;
    const answeredAt = ended ? new Date(Date.parse(ended) - talkSeconds * 1000).toISOString() : undefined;
    return { providerCallId, status: 'completed', answeredAt, endedAt: ended, talkSeconds, recordingRef: recordingRef(config, q.RecordingUrl) };
  }
  return { providerCallId, status: 'missed', endedAt: ended, talkSeconds: 0 };
}

/** The recording's answer, given up when its headers are slow; the body then streams as long as it is read. */
async function fetchRecordingOnce(url: URL, headers: Record<string, string>): Promise<Response> {
  const abort = new AbortController();
  const timer = setTimeout(() => abort.abort(), RECORDING_TIMEOUT_MS);
  try {
    return await fetch(url, { headers, redirect: 'manual', signal: abort.signal });
  } catch {
    throw new ProviderError('The recording could not be fetched from Exotel right now.', 'unreachable');
  } finally {
    clearTimeout(timer);
  }
}

function fieldsOf(req: HookRequest): Fields {
  const body = req.body;
  if (body !== undefined && body !== null && body !== '') {
    if (typeof body !== 'object' || Array.isArray(body)) throw new HookRefused('the callback body is not Exotel’s', 400);
    return body as Fields;
  }
  return (req.query ?? {}) as Fields;
}

function phone(v: unknown, field: string): string {
  if (typeof v !== 'string') throw new HookRefused(`${field} is missing`, 400);
  const p = v.trim().replace(/[\s-]/g, '');
  if (!PHONE.test(p)) throw new HookRefused(`${field} is not a phone number`, 400);
  return p;
}

export function exotelProvider(config: TelephonyConfig): TelephonyProvider {
  return {
    id: 'exotel',

    async checkCredentials(settings) {
      // The credential test Exotel documents: one page of the account's calls.
      const res = await callExotel(`${baseUrl(config, settings)}${accountPath(settings, 'Calls.json')}?PageSize=1`, {
        headers: { Authorization: authorization(settings), Accept: 'application/json' },
      });
      if (!res.ok) throw await refusal(res, settings, config, 'the credentials check');
      await res.body?.cancel();
    },

    async placeCall(settings, req: PlaceCallRequest): Promise<PlacedCall> {
      const form = new URLSearchParams({
        From: req.agentPhone,
        To: req.leadPhone,
        CallerId: req.callerId,
        Record: req.record ? 'true' : 'false',
        StatusCallback: req.statusCallbackUrl,
        'StatusCallbackEvents[0]': 'terminal',
        'StatusCallbackEvents[1]': 'answered',
        StatusCallbackContentType: 'application/json',
        CustomField: String(req.callId),
      });
      const res = await callExotel(`${baseUrl(config, settings)}${accountPath(settings, 'Calls/connect.json')}`, {
        method: 'POST',
        headers: { Authorization: authorization(settings), 'Content-Type': 'application/x-www-form-urlencoded', Accept: 'application/json' },
        body: form.toString(),
      });
      if (!res.ok) throw await refusal(res, settings, config, 'the call');
      let call: { Sid?: unknown; Status?: unknown } | undefined;
      try {
        call = ((await res.json()) as { Call?: { Sid?: unknown; Status?: unknown } })?.Call;
      } catch {
        call = undefined;
      }
      if (!call || typeof call.Sid !== 'string' || !CALL_SID.test(call.Sid)) {
        throw new ProviderError('Exotel answered the call request in a way the server did not understand.', 'unreachable');
      }
      // Right after the request only the telecaller's phone is involved: an end now is theirs, not the lead's.
      const s = typeof call.Status === 'string' ? call.Status : 'queued';
      const status: CallStatus = ['failed', 'busy', 'no-answer', 'canceled'].includes(s) ? 'agent_missed' : 'ringing';
      return { providerCallId: call.Sid, status };
    },

    async fetchCallCost(settings, providerCallId): Promise<CallCost | null> {
      if (!CALL_SID.test(providerCallId)) throw new ProviderError('This is not an Exotel call id.', 'refused');
      // Call Details: Price (INR) is filled in asynchronously, about five minutes after the end.
      const res = await callExotel(`${baseUrl(config, settings)}${accountPath(settings, `Calls/${encodeURIComponent(providerCallId)}.json`)}`, {
        headers: { Authorization: authorization(settings), Accept: 'application/json' },
      });
      if (!res.ok) throw await refusal(res, settings, config, 'the call details');
      let call: { Price?: unknown } | undefined;
      try {
        call = ((await res.json()) as { Call?: { Price?: unknown } })?.Call;
      } catch {
        call = undefined;
      }
      if (!call || typeof call !== 'object') throw new ProviderError('Exotel answered the call details in a way the server did not understand.', 'unreachable');
      const cost = chargeOf(call.Price);
      return cost === null ? null : { cost, currency: 'INR' };
    },

    readStatusCallback(_settings, req) {
      const fields = fieldsOf(req);
      if (fields.Status === undefined && fields.EventType === undefined && fields.CallType !== undefined) return [passthruEvent(config, fields)];
      const event = outboundEvent(config, fields);
      return event ? [event] : [];
    },

    statusCallbackReply(): HookReply {
      return { status: 200, contentType: 'text/plain; charset=utf-8', body: 'OK' };
    },

    readInbound(_settings, req): InboundCall {
      const q = fieldsOf(req);
      const direction = text(q.Direction, 'Direction', 30);
      if (direction && direction !== 'incoming' && direction !== 'inbound') throw new HookRefused('not an incoming call', 400);
      return { providerCallId: callSid(q.CallSid), from: phone(q.CallFrom ?? q.From, 'CallFrom'), to: phone(q.CallTo ?? q.To, 'CallTo') };
    },

    inboundReply(_settings, answer: InboundAnswer): HookReply {
      // The Connect applet's dynamic-URL answer: whom to dial; no number means nobody is dialled.
      const body =
        'connect' in answer
          ? {
              fetch_after_attempt: false,
              destination: { numbers: [answer.connect.phone] },
              outgoing_phone_number: answer.connect.callerId,
              record: answer.connect.record,
              max_ringing_duration: 30,
            }
          : { fetch_after_attempt: false, destination: { numbers: [] } };
      return { status: 200, contentType: 'application/json', body: JSON.stringify(body) };
    },

    async fetchRecording(settings, ref, range) {
      let url: URL;
      try {
        url = new URL(ref);
      } catch {
        throw new ProviderError('The recording’s address is not valid.', 'refused');
      }
      if (!recordingAllowed(config, url)) throw new ProviderError('The recording is not on Exotel’s servers.', 'refused');
      const headers: Record<string, string> = {};
      if (range) headers.Range = range;
      // Exotel's API host wants the account's key; a storage bucket's signed address must not get it.
      const api = new URL(baseUrl(config, settings));
      if (url.origin === api.origin || url.hostname.endsWith('.exotel.com') || url.hostname.endsWith('.exotel.in'))
        headers.Authorization = authorization(settings);
      let res = await fetchRecordingOnce(url, headers);
      if (res.status >= 300 && res.status < 400) {
        await res.body?.cancel();
        const next = res.headers.get('location');
        let to: URL | null;
        try {
          to = next ? new URL(next, url) : null;
        } catch {
          to = null;
        }
        if (!to || !recordingAllowed(config, to)) throw new ProviderError('The recording is not on Exotel’s servers.', 'refused');
        res = await fetchRecordingOnce(to, range ? { Range: range } : {});
      }
      if (res.status >= 500) throw new ProviderError(`Exotel is not serving the recording right now (it answered ${res.status}).`, 'unreachable');
      if (res.status === 401 || res.status === 403)
        throw new ProviderError('Exotel did not let the server fetch the recording (check the API key and token).', 'refused');
      if (res.status === 404 || res.status === 410) throw new ProviderError('Exotel no longer has this recording.', 'refused');
      if (!res.ok && res.status !== 416) throw new ProviderError(`Exotel refused the recording (HTTP ${res.status}).`, 'refused');
      return res;
    },
  };
}
