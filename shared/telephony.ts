import { z } from 'zod';
import { idField } from './schemas/users.js';

/*
 * Cloud telephony as a registry (docs/telephony.md): each provider is an entry here (what the settings
 * page asks for) and one on the server (how it places calls and reads callbacks). Adding a provider is
 * one entry in each, plus what the compiler points at.
 */

export const CALL_STATUSES = ['placing', 'ringing', 'in_progress', 'completed', 'busy', 'no_answer', 'failed', 'canceled', 'agent_missed', 'missed'] as const;
/**
 * placing: asked of the provider; ringing: a phone rings; in_progress: the lead answered;
 * completed: a conversation that ended; busy, no_answer, failed: the lead was not reached;
 * canceled: ended before anyone answered; agent_missed: the telecaller's phone was not answered, so
 * the lead was never dialled; missed: an inbound call nobody was put through to.
 */
export type CallStatus = (typeof CALL_STATUSES)[number];
export type CallDirection = 'outbound' | 'inbound';
export type CallVia = 'provider' | 'phone';

/** How far along a status is: a callback never moves a call back (they arrive in any order). */
export const CALL_STATUS_RANK: Record<CallStatus, number> = {
  placing: 0,
  ringing: 1,
  in_progress: 2,
  completed: 3,
  busy: 3,
  no_answer: 3,
  failed: 3,
  canceled: 3,
  agent_missed: 3,
  missed: 3,
};

export const isCallEnded = (s: CallStatus): boolean => CALL_STATUS_RANK[s] === 3;

/** An ended call in which the lead was not reached, as the not-connected outcome it is recorded as (NotConnectedOutcome). */
export const UNANSWERED_OUTCOME: Partial<Record<CallStatus, 'busy' | 'no_answer' | 'not_reachable'>> = {
  busy: 'busy',
  no_answer: 'no_answer',
  failed: 'not_reachable',
};

export const TELEPHONY_PROVIDER_IDS = ['exotel', 'twilio'] as const;
export type TelephonyProviderId = (typeof TELEPHONY_PROVIDER_IDS)[number];

/** One value the settings page asks for. A secret is never sent back to a browser: the page shows whether it is set. */
export interface ProviderField {
  key: string;
  label: string;
  kind: 'text' | 'secret' | 'choice';
  choices?: readonly { value: string; label: string }[];
  /** where the company finds it in the provider's dashboard */
  help: string;
}

export interface TelephonyProviderInfo {
  id: TelephonyProviderId;
  label: string;
  fields: readonly ProviderField[];
  /** the provider's settings, as the server validates them */
  settings: z.ZodType<Record<string, string>>;
}

const text = (max: number) => z.string().trim().min(1, 'is required').max(max);

export const EXOTEL_CLUSTERS = ['mumbai', 'singapore'] as const;

export const TELEPHONY_PROVIDERS: Record<TelephonyProviderId, TelephonyProviderInfo> = {
  exotel: {
    id: 'exotel',
    label: 'Exotel',
    fields: [
      { key: 'accountSid', label: 'Account SID', kind: 'text', help: 'Exotel dashboard → Settings → API settings' },
      { key: 'apiKey', label: 'API key', kind: 'text', help: 'Exotel dashboard → Settings → API settings' },
      { key: 'apiToken', label: 'API token', kind: 'secret', help: 'Exotel dashboard → Settings → API settings' },
      {
        key: 'cluster',
        label: 'Cluster',
        kind: 'choice',
        choices: [
          { value: 'mumbai', label: 'Mumbai (api.in.exotel.com)' },
          { value: 'singapore', label: 'Singapore (api.exotel.com)' },
        ],
        help: 'The API settings page names your account’s subdomain',
      },
    ],
    settings: z.object({ accountSid: text(100), apiKey: text(200), apiToken: text(200), cluster: z.enum(EXOTEL_CLUSTERS) }),
  },
  twilio: {
    id: 'twilio',
    label: 'Twilio',
    fields: [
      { key: 'accountSid', label: 'Account SID', kind: 'text', help: 'Twilio Console → Account info (starts with AC)' },
      { key: 'authToken', label: 'Auth token', kind: 'secret', help: 'Twilio Console → Account info' },
    ],
    settings: z.object({
      accountSid: z
        .string()
        .trim()
        .regex(/^AC[0-9a-fA-F]{32}$/, 'must be AC followed by 32 hexadecimal characters'),
      authToken: text(200),
    }),
  },
};

/** The power dialer's countdown before it places the next call. */
export const DIALER_COUNTDOWN = { min: 0, max: 60, default: 5 } as const;
/** Company numbers leads may be shown. */
export const MAX_CALLER_IDS = 20;

/** A call as the phone follows it. */
export interface CallState {
  id: number;
  leadId: number | null;
  status: CallStatus;
  placedAt: string;
  answeredAt: string | null;
  endedAt: string | null;
  /** the provider's talk time, once it reported the end */
  talkSeconds: number | null;
  /** the not-connected attempt the server recorded when the lead was not reached */
  attempt: { status: string; attempts: number; retryAt: string | null } | null;
}

/** What the phone needs to know of the company's telephony. */
export interface PhoneTelephony {
  /** calls go through the company's provider (else the phone dials itself, tel:) */
  enabled: boolean;
  /** the power dialer's countdown */
  countdownSeconds: number;
}

export const PlaceCallInput = z.object({
  leadId: idField,
  /** placed by the power dialer */
  dialer: z.boolean().optional(),
});
export const CallStateInput = z.object({ callId: idField });
