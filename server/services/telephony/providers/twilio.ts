import type TwilioSDK from 'twilio';
import type RequestClient from 'twilio/lib/base/RequestClient.js';
import VoiceResponse from 'twilio/lib/twiml/VoiceResponse.js';
import { validateRequest } from 'twilio/lib/webhooks/webhooks.js';
import type { CallStatus } from '../../../../shared/telephony.js';
import type { TelephonyConfig } from '../../../config.js';
import { chargeOf, sumCharges } from '../charge.js';
import {
  type CallCost,
  type CallEvent,
  type HookReply,
  type HookRequest,
  HookRefused,
  type InboundAnswer,
  type InboundCall,
  type PlaceCallRequest,
  type PlacedCall,
  ProviderError,
  type ProviderSettings,
  type TelephonyProvider,
} from '../provider.js';

/*
 * Twilio through its official package (docs/telephony.md#twilio). A call is two legs: the REST API
 * calls the telecaller (the parent leg, whose Sid our calls row keeps); when they answer, Twilio asks
 * the answer URL what to do and is told to <Dial> the lead from the company number (the child leg,
 * whose callbacks carry ParentCallSid). Every callback is checked against X-Twilio-Signature.
 */

export const TWILIO_API_URL = 'https://api.twilio.com';
const API_TIMEOUT_MS = 15_000;
const CALL_EVENTS = ['initiated', 'ringing', 'answered', 'completed'] as const;
const SID = { call: /^CA[0-9a-fA-F]{32}$/, account: /^AC[0-9a-fA-F]{32}$/, recording: /^RE[0-9a-fA-F]{32}$/ };
const MISSED_GREETING = 'Sorry, nobody can take your call right now. We will call you back soon.';

type Sdk = typeof TwilioSDK;

let sdkLoading: Promise<Sdk> | undefined;
/** The REST client's module is large (every Twilio product): loaded on first use, never at start. */
function loadSdk(): Promise<Sdk> {
  sdkLoading ??= import('twilio').then((m) => m.default);
  return sdkLoading;
}

/** The package's request client, sending to `base` (a stand-in, a proxy) instead of api.twilio.com when set. */
function requestClientFor(sdk: Sdk, base: string | undefined): RequestClient {
  if (!base) return new sdk.RequestClient({ timeout: API_TIMEOUT_MS });
  const target = new URL(base);
  const prefix = target.pathname.replace(/\/+$/, '');
  class RebasedRequestClient extends sdk.RequestClient {
    override request<TData>(opts: RequestClient.RequestOptions<TData>) {
      const from = new URL(opts.uri);
      return super.request({ ...opts, uri: `${target.origin}${prefix}${from.pathname}${from.search}` });
    }
  }
  return new RebasedRequestClient({ timeout: API_TIMEOUT_MS });
}

interface RestError {
  status?: number;
  code?: number;
  message?: string;
}
const isRestError = (e: unknown, sdk: Sdk): e is RestError => e instanceof sdk.RestException;

/** Twilio's answer or silence, as a message a person can act on (no credentials in it). */
function providerError(sdk: Sdk, e: unknown, doing: string): ProviderError {
  if (isRestError(e, sdk)) {
    if (e.status === 401 || e.code === 20003) return new ProviderError('Twilio did not accept the Account SID and auth token', 'refused');
    if ((e.status ?? 0) >= 500) return new ProviderError(`Twilio could not ${doing} just now (HTTP ${e.status}); try again`, 'unreachable');
    const code = e.code ? ` (Twilio error ${e.code})` : '';
    return new ProviderError(`Twilio refused to ${doing}: ${e.message ?? `HTTP ${e.status}`}${code}`, 'refused');
  }
  return new ProviderError(`Could not reach Twilio to ${doing}`, 'unreachable');
}

const header = (req: HookRequest, name: string): string | undefined => {
  const v = req.headers[name] ?? req.headers[name.toLowerCase()];
  return Array.isArray(v) ? v[0] : v;
};

function isSigned(token: string, signature: string, url: string, params: Record<string, unknown>): boolean {
  try {
    return validateRequest(token, signature, url, params);
  } catch {
    // an address the validator cannot parse was not one Twilio signed
    return false;
  }
}

/** The callback's parameters after its signature was checked against the company's auth token. */
function signedParams(settings: ProviderSettings, req: HookRequest): Record<string, string> {
  const signature = header(req, 'x-twilio-signature');
  if (!signature) throw new HookRefused('This request is not signed by Twilio', 403);
  const isGet = req.method.toUpperCase() === 'GET';
  const body = isGet ? {} : req.body;
  if (body !== undefined && (typeof body !== 'object' || body === null || Array.isArray(body))) throw new HookRefused('Not a Twilio request', 400);
  const signed = body ?? {};
  if (!isSigned(settings.authToken ?? '', signature, req.url, signed as Record<string, unknown>))
    throw new HookRefused('The request signature does not match', 403);
  const fields = isGet ? req.query : (signed as Record<string, unknown>);
  const params: Record<string, string> = {};
  for (const [k, v] of Object.entries(fields)) {
    if (typeof v === 'string') params[k] = v;
    else if (v !== undefined) throw new HookRefused('Not a Twilio request', 400);
  }
  return params;
}

/** Twilio's RFC 2822 Timestamp as ISO, or the time it arrived. */
function eventTime(p: Record<string, string>): string {
  const at = p.Timestamp ? Date.parse(p.Timestamp) : Number.NaN;
  return new Date(Number.isFinite(at) ? at : Date.now()).toISOString();
}

function seconds(value: string | undefined): number | undefined {
  if (value === undefined || !/^\d{1,7}$/.test(value)) return undefined;
  return Number(value);
}

function withCost(event: CallEvent, p: Record<string, string>): CallEvent {
  const charge = chargeOf(p.Price);
  if (charge !== null) {
    event.cost = charge;
    if (p.PriceUnit && /^[A-Z]{3}$/.test(p.PriceUnit)) event.costCurrency = p.PriceUnit;
  }
  return event;
}

/** A leg Twilio does not charge for: it ended without being answered. */
const UNCHARGED = new Set(['busy', 'no-answer', 'failed', 'canceled']);
/** The legs a call's <Dial> made: one, or a few when a <Dial> is retried. */
const MAX_CHILD_LEGS = 20;

/**
 * What a call cost: Twilio prices each leg apart, so the call the API placed (or the inbound one)
 * plus the legs its <Dial> made (ParentCallSid). Null while a leg that was answered has no price yet
 * (Twilio: "Populated after the call is completed. May not be immediately available."); a leg that
 * ended unanswered costs nothing.
 */
function costOfLegs(legs: { price: string | null; priceUnit: string | null; status: string }[]): CallCost | null {
  const charges: string[] = [];
  for (const leg of legs) {
    const charge = chargeOf(leg.price);
    if (charge !== null) charges.push(charge);
    else if (!UNCHARGED.has(leg.status)) return null;
  }
  // every leg unanswered: nothing was charged
  const unit = (legs.find((l) => chargeOf(l.price) !== null) ?? legs[0])?.priceUnit?.toUpperCase() ?? '';
  return { cost: charges.length ? sumCharges(charges) : '0', currency: /^[A-Z]{3}$/.test(unit) ? unit : 'USD' };
}

const ENDED_UNREACHED: Record<string, CallStatus> = { busy: 'busy', 'no-answer': 'no_answer', failed: 'failed', canceled: 'canceled' };

/** The lead's leg (a <Dial> child): its answer and end are the conversation's. */
function leadLegEvent(parentSid: string, p: Record<string, string>): CallEvent {
  const event: CallEvent = { providerCallId: parentSid };
  const at = eventTime(p);
  switch (p.CallStatus) {
    case 'queued':
    case 'initiated':
      break;
    case 'ringing':
      event.status = 'ringing';
      break;
    case 'in-progress':
      event.status = 'in_progress';
      event.answeredAt = at;
      break;
    case 'completed': {
      event.status = 'completed';
      event.endedAt = at;
      const talk = seconds(p.CallDuration);
      if (talk !== undefined) {
        event.talkSeconds = talk;
        event.answeredAt = new Date(Date.parse(at) - talk * 1000).toISOString();
      }
      break;
    }
    default: {
      const status = p.CallStatus ? ENDED_UNREACHED[p.CallStatus] : undefined;
      if (!status) throw new HookRefused('Unknown call status', 400);
      event.status = status;
      event.endedAt = at;
    }
  }
  return withCost(event, p);
}

/** The telecaller's leg (the call the API placed): ringing, then either their answer or a miss. */
function agentLegEvent(callSid: string, p: Record<string, string>): CallEvent {
  const event: CallEvent = { providerCallId: callSid };
  switch (p.CallStatus) {
    case 'queued':
    case 'initiated':
      break;
    // the telecaller picked up: the lead is about to be dialled, so the call is still ringing for them
    case 'ringing':
    case 'in-progress':
      event.status = 'ringing';
      break;
    // the conversation's outcome comes from the lead's leg, which may arrive before or after this
    case 'completed':
      event.endedAt = eventTime(p);
      break;
    case 'busy':
    case 'no-answer':
    case 'failed':
      event.status = 'agent_missed';
      event.endedAt = eventTime(p);
      break;
    case 'canceled':
      event.status = 'canceled';
      event.endedAt = eventTime(p);
      break;
    default:
      throw new HookRefused('Unknown call status', 400);
  }
  return withCost(event, p);
}

function readCallbacks(p: Record<string, string>): CallEvent[] {
  const callSid = p.CallSid;
  if (!callSid || !SID.call.test(callSid)) throw new HookRefused('Not a Twilio call callback', 400);
  if (p.RecordingStatus !== undefined) {
    // recording callbacks name the parent leg (Twilio: "CallSid will always refer to the parent leg")
    const event: CallEvent = { providerCallId: callSid };
    if (p.RecordingStatus === 'completed') {
      if (!p.RecordingSid || !SID.recording.test(p.RecordingSid)) throw new HookRefused('Not a Twilio recording callback', 400);
      event.recordingRef = p.RecordingSid;
    }
    return [event];
  }
  if (!p.CallStatus) throw new HookRefused('Not a Twilio call callback', 400);
  if (p.ParentCallSid !== undefined) {
    if (!SID.call.test(p.ParentCallSid)) throw new HookRefused('Not a Twilio call callback', 400);
    return [leadLegEvent(p.ParentCallSid, p)];
  }
  return [agentLegEvent(callSid, p)];
}

async function fetchMedia(url: URL, headers: Record<string, string>): Promise<Response> {
  try {
    return await fetch(url, { headers, redirect: 'manual', signal: AbortSignal.timeout(API_TIMEOUT_MS) });
  } catch {
    throw new ProviderError('Could not reach Twilio to fetch the recording', 'unreachable');
  }
}

/** Where a media redirect may lead: an https address, or the configured API's own origin (a stand-in). */
function redirectTarget(from: URL, location: string | null): URL | null {
  if (!location) return null;
  try {
    const to = new URL(location, from);
    return to.protocol === 'https:' || to.origin === from.origin ? to : null;
  } catch {
    return null;
  }
}

const twiml = (response: VoiceResponse): HookReply => ({ status: 200, contentType: 'text/xml', body: response.toString() });

/** <Dial> `phone` from the company number, recorded when asked, every progress of the dialled leg reported. */
function dialTwiml(to: { phone: string; callerId: string; record: boolean; statusCallbackUrl: string }): HookReply {
  const response = new VoiceResponse();
  const dial = response.dial({
    callerId: to.callerId,
    ...(to.record
      ? { record: 'record-from-answer-dual' as const, recordingStatusCallback: to.statusCallbackUrl, recordingStatusCallbackEvent: ['completed' as const] }
      : {}),
  });
  dial.number({ statusCallback: to.statusCallbackUrl, statusCallbackEvent: [...CALL_EVENTS], statusCallbackMethod: 'POST' }, to.phone);
  return twiml(response);
}

export function twilioProvider(config: TelephonyConfig): TelephonyProvider {
  const base = config.twilioApiUrl ?? TWILIO_API_URL;
  let http: Promise<{ sdk: Sdk; requestClient: RequestClient }> | undefined;
  const client = async (settings: ProviderSettings) => {
    http ??= loadSdk().then((sdk) => ({ sdk, requestClient: requestClientFor(sdk, config.twilioApiUrl) }));
    const { sdk, requestClient } = await http;
    return { sdk, twilio: sdk(settings.accountSid, settings.authToken, { httpClient: requestClient, accountSid: settings.accountSid }) };
  };

  return {
    id: 'twilio',

    async checkCredentials(settings) {
      const { sdk, twilio } = await client(settings);
      try {
        await twilio.api.v2010.accounts(settings.accountSid ?? '').fetch();
      } catch (e) {
        throw providerError(sdk, e, 'check the account');
      }
    },

    async placeCall(settings, req: PlaceCallRequest): Promise<PlacedCall> {
      const { sdk, twilio } = await client(settings);
      try {
        const call = await twilio.calls.create({
          to: req.agentPhone,
          from: req.callerId,
          url: req.answerUrl,
          method: 'POST',
          statusCallback: req.statusCallbackUrl,
          statusCallbackEvent: [...CALL_EVENTS],
          statusCallbackMethod: 'POST',
        });
        if (!SID.call.test(call.sid)) throw new ProviderError('Twilio answered without a call id', 'refused');
        return { providerCallId: call.sid, status: call.status === 'ringing' ? 'ringing' : 'placing' };
      } catch (e) {
        if (e instanceof ProviderError) throw e;
        throw providerError(sdk, e, 'place the call');
      }
    },

    async fetchCallCost(settings, providerCallId): Promise<CallCost | null> {
      if (!SID.call.test(providerCallId)) throw new ProviderError('This is not a Twilio call id', 'refused');
      const { sdk, twilio } = await client(settings);
      try {
        const call = await twilio.calls(providerCallId).fetch();
        const children = await twilio.calls.list({ parentCallSid: providerCallId, limit: MAX_CHILD_LEGS, pageSize: MAX_CHILD_LEGS });
        return costOfLegs([call, ...children]);
      } catch (e) {
        throw providerError(sdk, e, 'read the call’s price');
      }
    },

    readStatusCallback(settings, req) {
      return readCallbacks(signedParams(settings, req));
    },

    statusCallbackReply() {
      return twiml(new VoiceResponse());
    },

    answerReply(settings, req, call) {
      const p = signedParams(settings, req);
      if (!p.CallSid || !SID.call.test(p.CallSid)) throw new HookRefused('Not a Twilio call request', 400);
      return dialTwiml({ phone: call.leadPhone, callerId: call.callerId, record: call.record, statusCallbackUrl: call.statusCallbackUrl });
    },

    readInbound(settings, req): InboundCall {
      const p = signedParams(settings, req);
      if (!p.CallSid || !SID.call.test(p.CallSid) || !p.From || !p.To || p.From.length > 64 || p.To.length > 64) {
        throw new HookRefused('Not a Twilio incoming call', 400);
      }
      return { providerCallId: p.CallSid, from: p.From, to: p.To };
    },

    inboundReply(_settings, answer: InboundAnswer) {
      if ('connect' in answer) return dialTwiml(answer.connect);
      const response = new VoiceResponse();
      response.say(MISSED_GREETING);
      response.hangup();
      return twiml(response);
    },

    async fetchRecording(settings, recordingRef, range) {
      if (!SID.recording.test(recordingRef) || !SID.account.test(settings.accountSid ?? '')) {
        throw new ProviderError('This recording cannot be fetched from Twilio', 'refused');
      }
      const url = new URL(`${base}/2010-04-01/Accounts/${settings.accountSid}/Recordings/${recordingRef}.mp3`);
      const ranged: Record<string, string> = range ? { Range: range } : {};
      const auth = `Basic ${Buffer.from(`${settings.accountSid}:${settings.authToken}`).toString('base64')}`;
      let res = await fetchMedia(url, { ...ranged, Authorization: auth });
      if (res.status >= 300 && res.status < 400) {
        // the media may be served from storage elsewhere: followed once, without the account's credentials
        await res.body?.cancel();
        const to = redirectTarget(url, res.headers.get('location'));
        if (!to) throw new ProviderError('Twilio sent the recording somewhere the server does not fetch from', 'refused');
        res = await fetchMedia(to, ranged);
      }
      if (res.status >= 500) throw new ProviderError(`Twilio is not serving the recording right now (HTTP ${res.status})`, 'unreachable');
      if (res.status === 401 || res.status === 403) throw new ProviderError('Twilio did not accept the Account SID and auth token', 'refused');
      if (res.status === 404 || res.status === 410) throw new ProviderError('Twilio no longer has this recording', 'refused');
      if (!res.ok && res.status !== 416) throw new ProviderError(`Twilio refused the recording (HTTP ${res.status})`, 'refused');
      return res;
    },
  };
}
