import { randomBytes } from 'node:crypto';
import type { Selectable } from 'kysely';
import type { z } from 'zod';
import type { Deps } from '../../deps.js';
import type { SubadminActor } from '../../auth/actor.js';
import type { TelephonySettingsTable } from '../../db/schema.js';
import { nowIso } from '../../db/dialect.js';
import { AppError, notFound } from '../../errors.js';
import { recordAudit } from '../audit/audit.service.js';
import { ProviderError, type ProviderSettings } from './provider.js';
import { secretBox } from './secret-box.js';
import {
  companyChoices,
  disableTelephonyRow,
  findCallPhones,
  findTelephonyRow,
  hookUrl,
  providersOf,
  setCallPhoneRow,
  upsertTelephonyRow,
} from './settings.repository.js';
import { DIALER_COUNTDOWN, TELEPHONY_PROVIDER_IDS, TELEPHONY_PROVIDERS, type TelephonyProviderId } from '../../../shared/telephony.js';
import type {
  CallPhoneRow,
  SetCallPhoneInput,
  TelephonyFieldView,
  TelephonySettingsInput,
  TelephonySettingsView,
} from '../../../shared/schemas/telephony-settings.js';

/*
 * The company's telephony settings (docs/telephony.md): the provider and its credentials (sealed with
 * the server's key, checked with the provider before they are kept, never sent back), the company
 * numbers, recording and who may listen, the power dialer's countdown, and each telecaller's phone.
 */

type SettingsInput = z.output<typeof TelephonySettingsInput>;
type CallPhoneInput = z.output<typeof SetCallPhoneInput>;

export const PUBLIC_URL_MISSING =
  'Calls through a provider cannot be turned on: this server has no PUBLIC_URL, the address the provider reports calls to. Ask whoever runs the server to set it (docs/telephony.md).';

const isProviderId = (v: string): v is TelephonyProviderId => (TELEPHONY_PROVIDER_IDS as readonly string[]).includes(v);

/** The stored settings opened, or null when this server's key cannot open them (a changed or lost SECRET_KEY). */
async function openedSettings(deps: Deps, sealed: string): Promise<ProviderSettings | null> {
  const box = await secretBox(deps.config);
  try {
    return JSON.parse(box.open(sealed)) as ProviderSettings;
  } catch {
    return null;
  }
}

function viewOf(deps: Deps, row: Selectable<TelephonySettingsTable> | undefined, stored: ProviderSettings | null): TelephonySettingsView {
  const publicUrlSet = Boolean(deps.config.telephony.publicUrl);
  if (!row || !isProviderId(row.provider)) {
    return {
      provider: null,
      enabled: false,
      fields: {},
      credentialsUnreadable: false,
      callerIds: [],
      record: true,
      headsHearTeam: true,
      callersHearOwn: true,
      dialerCountdownSeconds: DIALER_COUNTDOWN.default,
      checkedAt: null,
      publicUrlSet,
      callbacks: null,
    };
  }
  const t = { providerId: row.provider, hookToken: row.hook_token };
  const fields: Record<string, TelephonyFieldView> = {};
  for (const f of TELEPHONY_PROVIDERS[row.provider].fields) {
    const value = stored?.[f.key] ?? '';
    fields[f.key] = f.kind === 'secret' ? { set: value !== '' } : { value };
  }
  return {
    provider: row.provider,
    ...companyChoices(row),
    fields,
    credentialsUnreadable: stored === null,
    checkedAt: row.checked_at,
    publicUrlSet,
    callbacks: publicUrlSet ? { status: hookUrl(deps.config, t, 'status'), inbound: hookUrl(deps.config, t, 'inbound') } : null,
  };
}

/** What the sub-admin's page shows: everything but the secrets, of which only whether each is set. */
export async function getTelephonySettings(deps: Deps, actor: SubadminActor): Promise<TelephonySettingsView> {
  const row = await findTelephonyRow(deps.db, actor.subadminId);
  return viewOf(deps, row, row ? await openedSettings(deps, row.credentials) : null);
}

/**
 * The provider's settings as sent, a secret left blank taken from the stored ones (same provider
 * only: another provider needs all its fields), checked with the provider's own schema.
 */
function providerSettings(input: SettingsInput, stored: ProviderSettings | null, storedProvider: string | undefined): ProviderSettings {
  const info = TELEPHONY_PROVIDERS[input.provider];
  const merged: Record<string, string> = {};
  for (const f of info.fields) {
    const sent = (input.settings[f.key] ?? '').trim();
    merged[f.key] = sent === '' && f.kind === 'secret' && storedProvider === input.provider && stored ? (stored[f.key] ?? '') : sent;
  }
  const parsed = info.settings.safeParse(merged);
  if (parsed.success) return parsed.data;
  const fieldErrors: Record<string, string> = {};
  for (const issue of parsed.error.issues) {
    const key = String(issue.path[0] ?? '');
    const label = info.fields.find((f) => f.key === key)?.label ?? key;
    fieldErrors[`settings.${key}`] ??= `${label} ${issue.message}.`;
  }
  throw new AppError('BAD_REQUEST', Object.values(fieldErrors)[0] ?? 'Check the provider settings.', fieldErrors);
}

/**
 * Saves the company's telephony. The credentials are checked with the provider first: a refusal is
 * the provider's message and nothing is stored.
 */
export async function saveTelephonySettings(deps: Deps, actor: SubadminActor, input: SettingsInput): Promise<TelephonySettingsView> {
  if (input.enabled && !deps.config.telephony.publicUrl) throw new AppError('BAD_REQUEST', PUBLIC_URL_MISSING, { enabled: PUBLIC_URL_MISSING });
  const before = await findTelephonyRow(deps.db, actor.subadminId);
  const stored = before ? await openedSettings(deps, before.credentials) : null;
  const settings = providerSettings(input, stored, before?.provider);

  try {
    await providersOf(deps.config)[input.provider].checkCredentials(settings);
  } catch (err) {
    if (err instanceof ProviderError) throw new AppError('BAD_REQUEST', err.message, { provider: err.message });
    throw err;
  }

  const now = nowIso();
  const box = await secretBox(deps.config);
  const changes = {
    provider: input.provider,
    enabled: input.enabled ? 1 : 0,
    credentials: box.seal(JSON.stringify(settings)),
    caller_ids: JSON.stringify(input.callerIds),
    record_calls: input.record ? 1 : 0,
    heads_hear_team: input.headsHearTeam ? 1 : 0,
    callers_hear_own: input.callersHearOwn ? 1 : 0,
    dialer_countdown_seconds: input.dialerCountdownSeconds,
    checked_at: now,
    updated_at: now,
  };
  // The token is in the addresses the company pasted into the provider's dashboard: made once, kept.
  await upsertTelephonyRow(deps.db, { subadmin_id: actor.subadminId, hook_token: randomBytes(32).toString('base64url'), ...changes }, changes);

  const info = TELEPHONY_PROVIDERS[input.provider];
  await recordAudit(deps.db, actor, 'update', 'telephony_settings', actor.subadminId, {
    provider: input.provider,
    enabled: input.enabled,
    // the trail says which secrets changed, never their values
    ...Object.fromEntries(info.fields.filter((f) => f.kind !== 'secret').map((f) => [f.key, settings[f.key]])),
    secretsChanged: info.fields.filter((f) => f.kind === 'secret' && (stored?.[f.key] ?? '') !== settings[f.key]).map((f) => f.key),
    callerIds: input.callerIds,
    record: input.record,
    headsHearTeam: input.headsHearTeam,
    callersHearOwn: input.callersHearOwn,
    dialerCountdownSeconds: input.dialerCountdownSeconds,
  });
  return getTelephonySettings(deps, actor);
}

/** Stops placing calls through the provider; the settings stay for turning it on again. */
export async function disableTelephony(deps: Deps, actor: SubadminActor): Promise<TelephonySettingsView> {
  if (!(await disableTelephonyRow(deps.db, actor.subadminId, nowIso()))) throw notFound('Telephony settings');
  await recordAudit(deps.db, actor, 'update', 'telephony_settings', actor.subadminId, { enabled: false });
  return getTelephonySettings(deps, actor);
}

/** The company's telecallers and heads, each with their mobile and the phone a provider's call rings. */
export async function listCallPhones(deps: Deps, actor: SubadminActor): Promise<CallPhoneRow[]> {
  const rows = await findCallPhones(deps.db, actor.subadminId);
  return rows.map((r) => ({ id: r.id, name: r.name, userType: r.user_type, mobile: r.mobile, callPhone: r.call_phone }));
}

/** Sets the phone a provider's call rings for a telecaller or head (null: their mobile). */
export async function setCallPhone(deps: Deps, actor: SubadminActor, input: CallPhoneInput): Promise<{ userId: number; callPhone: string | null }> {
  if (!(await setCallPhoneRow(deps.db, actor.subadminId, input.userId, input.callPhone, nowIso()))) throw notFound('Telecaller');
  await recordAudit(deps.db, actor, 'update', 'call_phone', input.userId, { callPhone: input.callPhone });
  return { userId: input.userId, callPhone: input.callPhone };
}
