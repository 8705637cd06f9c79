import { z } from 'zod';
import { normalizePhoneNumber } from '../mobile.js';
import { normalizedOr, numeric } from './fields.js';
import { idField } from './users.js';
import { DIALER_COUNTDOWN, MAX_CALLER_IDS, TELEPHONY_PROVIDER_IDS, TELEPHONY_PROVIDERS, type TelephonyProviderId } from '../telephony.js';
import type { UserTypeValue } from '../constants.js';

/*
 * The company's telephony settings as the sub-admin sees and saves them (docs/telephony.md). A secret
 * field (TELEPHONY_PROVIDERS[...].fields, kind 'secret') is never sent back: the page learns only
 * whether it is set, and leaving it blank on save keeps the stored one.
 */

export const PHONE_INVALID = 'Enter a 10-digit Indian number, or a number of another country starting with + and its country code.';

/** A phone number (shared/mobile.ts normalizePhoneNumber): an Indian one as its 10 digits, another country's in E.164. */
export const phoneNumberField = (label: string) =>
  z
    .string({ error: `${label} is required.` })
    .trim()
    .min(1, `${label} is required.`)
    .max(30, PHONE_INVALID)
    .transform(normalizedOr(normalizePhoneNumber, PHONE_INVALID));

const MAX_FIELD_KEYS = Math.max(...TELEPHONY_PROVIDER_IDS.map((id) => TELEPHONY_PROVIDERS[id].fields.length));

export const TelephonySettingsInput = z.object({
  provider: z.enum(TELEPHONY_PROVIDER_IDS, { error: 'Choose a provider.' }),
  /** the provider's fields by key; a secret left blank keeps the stored one (checked against the provider's own schema on the server) */
  settings: z
    .record(z.string().max(50), z.string().max(500, 'Must be at most 500 characters.'))
    .refine((s) => Object.keys(s).length <= MAX_FIELD_KEYS, 'Too many settings.'),
  callerIds: z
    .array(phoneNumberField('Company number'))
    .min(1, 'Enter at least one company number.')
    .max(MAX_CALLER_IDS, `Enter at most ${MAX_CALLER_IDS} company numbers.`)
    .transform((ids) => [...new Set(ids)]),
  record: z.boolean(),
  headsHearTeam: z.boolean(),
  callersHearOwn: z.boolean(),
  dialerCountdownSeconds: numeric(
    z
      .number({ error: 'Enter the countdown in seconds.' })
      .int('Enter whole seconds.')
      .min(DIALER_COUNTDOWN.min, `Enter ${DIALER_COUNTDOWN.min} seconds or more.`)
      .max(DIALER_COUNTDOWN.max, `Enter at most ${DIALER_COUNTDOWN.max} seconds.`),
  ),
  /** calls go through the provider */
  enabled: z.boolean(),
});
export type TelephonySettingsInput = z.input<typeof TelephonySettingsInput>;

/** One provider field as read back: a value, or for a secret only whether one is stored. */
export type TelephonyFieldView = { value: string } | { set: boolean };

export interface TelephonySettingsView {
  /** null until the company saves a provider once */
  provider: TelephonyProviderId | null;
  enabled: boolean;
  fields: Record<string, TelephonyFieldView>;
  /** the stored credentials cannot be opened with this server's key (SECRET_KEY changed or lost): enter them again */
  credentialsUnreadable: boolean;
  callerIds: string[];
  record: boolean;
  headsHearTeam: boolean;
  callersHearOwn: boolean;
  dialerCountdownSeconds: number;
  /** when the provider last accepted the credentials */
  checkedAt: string | null;
  /** PUBLIC_URL is configured: without it the provider cannot reach the server, and calls cannot be turned on */
  publicUrlSet: boolean;
  /** the addresses the company pastes into the provider's dashboard; null until set up (or without PUBLIC_URL) */
  callbacks: { status: string; inbound: string } | null;
}

export const SetCallPhoneInput = z.object({
  userId: idField,
  /** null or blank: ring their mobile */
  callPhone: z
    .string()
    .trim()
    .max(30, PHONE_INVALID)
    .nullable()
    .transform((v, ctx) => (v ? normalizedOr(normalizePhoneNumber, PHONE_INVALID)(v, ctx) : null)),
});
export type SetCallPhoneInput = z.input<typeof SetCallPhoneInput>;

/** A telecaller or head, and the phone a provider's call rings for them. */
export interface CallPhoneRow {
  id: number;
  name: string;
  userType: UserTypeValue;
  mobile: string;
  /** null: their mobile rings */
  callPhone: string | null;
}
