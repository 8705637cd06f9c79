import type { CallStatus, TelephonyProviderId } from '../../../shared/telephony.js';

/*
 * A telephony provider as the server uses it (docs/telephony.md). Each entry of PROVIDERS
 * (./providers/index.ts) implements this; the calls service never knows which one it talks to.
 */

/** A provider's settings after validation (shared/telephony.ts), credentials included. */
export type ProviderSettings = Record<string, string>;

/** What the provider needs to ring the telecaller and then the lead. */
export interface PlaceCallRequest {
  /** our calls row, for the provider's custom field where it has one */
  callId: number;
  /** the telecaller's phone: rung first */
  agentPhone: string;
  /** the lead's mobile: dialled once the telecaller answers */
  leadPhone: string;
  /** the company number the lead sees */
  callerId: string;
  record: boolean;
  /** absolute addresses the provider reports to (they carry the company's secret) */
  statusCallbackUrl: string;
  /** where a provider that asks what to do when the telecaller answers is told (Twilio) */
  answerUrl: string;
}

export interface PlacedCall {
  providerCallId: string;
  status: CallStatus;
}

/**
 * One thing a provider reported about a call, in our terms. Every field but the id is optional: a
 * callback tells what it knows, and applying it only ever fills or advances (in any order, repeated).
 */
export interface CallEvent {
  providerCallId: string;
  status?: CallStatus;
  answeredAt?: string;
  endedAt?: string;
  talkSeconds?: number;
  recordingRef?: string;
  cost?: string;
  costCurrency?: string;
}

/** What a call cost: the amount charged (positive, a decimal string: ./charge.ts) and its currency. */
export interface CallCost {
  cost: string;
  currency: string;
}

/** An inbound call as the provider announces it. */
export interface InboundCall {
  providerCallId: string;
  /** the caller's number, as the provider gives it */
  from: string;
  /** the company number called */
  to: string;
}

/** What to do with an inbound call: put it through to a phone, or end it (recorded as missed). */
export type InboundAnswer = { connect: { phone: string; callerId: string; record: boolean; statusCallbackUrl: string } } | { missed: true };

/** A callback request as a route received it. */
export interface HookRequest {
  method: string;
  /** the absolute address it was sent to, as the provider signed it */
  url: string;
  headers: Record<string, string | string[] | undefined>;
  query: Record<string, unknown>;
  /** the parsed body (form fields or JSON), or undefined */
  body: unknown;
}

/** What a route answers the provider: a status, a content type and a body. */
export interface HookReply {
  status: number;
  contentType: string;
  body: string;
}

/** A provider refused or could not be reached: `message` is shown to the person (no secrets in it). */
export class ProviderError extends Error {
  constructor(
    message: string,
    /** 'refused': the provider said no (bad credentials, a bad number); 'unreachable': no answer */
    readonly reason: 'refused' | 'unreachable',
  ) {
    super(message);
  }
}

/** A callback that is not the provider's (a bad signature, junk): answered 4xx, nothing changes. */
export class HookRefused extends Error {
  constructor(
    message: string,
    readonly status: 400 | 401 | 403 | 404 = 403,
  ) {
    super(message);
  }
}

export interface TelephonyProvider {
  id: TelephonyProviderId;
  /** asks the provider whether the credentials work (a cheap authenticated read); throws ProviderError */
  checkCredentials(settings: ProviderSettings): Promise<void>;
  /** rings the agent, then the lead; throws ProviderError */
  placeCall(settings: ProviderSettings, req: PlaceCallRequest): Promise<PlacedCall>;
  /** checks a status callback is the provider's (signature) and reads it; throws HookRefused */
  readStatusCallback(settings: ProviderSettings, req: HookRequest): CallEvent[];
  /** what the route answers a status callback with, once applied */
  statusCallbackReply(): HookReply;
  /** for providers that ask when the agent answers (Twilio): the instructions that dial the lead */
  answerReply?(
    settings: ProviderSettings,
    req: HookRequest,
    call: { leadPhone: string; callerId: string; record: boolean; statusCallbackUrl: string },
  ): HookReply;
  /** checks and reads an inbound call's announcement; throws HookRefused */
  readInbound(settings: ProviderSettings, req: HookRequest): InboundCall;
  /** renders the answer to an inbound call */
  inboundReply(settings: ProviderSettings, answer: InboundAnswer): HookReply;
  /** the recording as a stream from the provider (credentials added here), honouring a Range header */
  fetchRecording(settings: ProviderSettings, recordingRef: string, range?: string): Promise<Response>;
  /** what the call cost, from the provider's call details; null while it has not priced it yet; throws ProviderError */
  fetchCallCost?(settings: ProviderSettings, providerCallId: string): Promise<CallCost | null>;
}
