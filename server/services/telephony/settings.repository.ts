import type { Kysely } from 'kysely';
import type { Config } from '../../config.js';
import type { DB, TelephonySettingsTable } from '../../db/schema.js';
import type { Insertable, Selectable, Updateable } from 'kysely';
import { TELEPHONY_PROVIDER_IDS, type TelephonyProviderId } from '../../../shared/telephony.js';
import type { ProviderSettings, TelephonyProvider } from './provider.js';
import { telephonyProviders } from './providers/index.js';
import { secretBox } from './secret-box.js';
import { watchedCache } from '../../db/watched-cache.js';
import { companyCallers, updateCaller } from '../routing/availability.repository.js';
import { type TELEPHONY_HOOK_KINDS, TELEPHONY_PREFIX } from '../../rest/telephony-paths.js';

/** A company's telephony as the server uses it: the provider, its settings opened, and the company's choices. */
export interface CompanyTelephony {
  subadminId: number;
  providerId: TelephonyProviderId;
  provider: TelephonyProvider;
  settings: ProviderSettings;
  /** the stored settings could not be opened with this server's key (SECRET_KEY changed or lost): they must be entered again */
  unreadable: boolean;
  enabled: boolean;
  callerIds: string[];
  record: boolean;
  headsHearTeam: boolean;
  callersHearOwn: boolean;
  dialerCountdownSeconds: number;
  hookToken: string;
}

const providersByConfig = new WeakMap<Config['telephony'], ReturnType<typeof telephonyProviders>>();

/** The provider entries for this configuration, built once. */
export function providersOf(config: Config): ReturnType<typeof telephonyProviders> {
  let p = providersByConfig.get(config.telephony);
  if (!p) {
    p = telephonyProviders(config.telephony);
    providersByConfig.set(config.telephony, p);
  }
  return p;
}

const isProviderId = (v: string): v is TelephonyProviderId => (TELEPHONY_PROVIDER_IDS as readonly string[]).includes(v);

/** The company's choices as stored in its row: on or off, its numbers, recording and who may listen, the dialer's countdown. */
export function companyChoices(row: Selectable<TelephonySettingsTable>) {
  return {
    enabled: row.enabled === 1,
    callerIds: JSON.parse(row.caller_ids) as string[],
    record: row.record_calls === 1,
    headsHearTeam: row.heads_hear_team === 1,
    callersHearOwn: row.callers_hear_own === 1,
    dialerCountdownSeconds: row.dialer_countdown_seconds,
  };
}

async function opened(config: Config, row: Selectable<TelephonySettingsTable>): Promise<CompanyTelephony | null> {
  if (!isProviderId(row.provider)) return null;
  const box = await secretBox(config);
  let settings: ProviderSettings | null = null;
  try {
    settings = JSON.parse(box.open(row.credentials)) as ProviderSettings;
  } catch {
    // sealed with another key: the company is told to enter them again, nothing is sent to the provider
  }
  return {
    subadminId: row.subadmin_id,
    providerId: row.provider,
    provider: providersOf(config)[row.provider],
    settings: settings ?? {},
    unreadable: settings === null,
    ...companyChoices(row),
    hookToken: row.hook_token,
  };
}

/** The company's telephony, on or off; null when it set none up. */
export async function companyTelephony(db: Kysely<DB>, config: Config, subadminId: number): Promise<CompanyTelephony | null> {
  const row = await db.selectFrom('telephony_settings').selectAll().where('subadmin_id', '=', subadminId).executeTakeFirst();
  return row ? opened(config, row) : null;
}

/**
 * The company a callback address names (its provider and secret); null for any other. Read by every
 * callback, so kept (its settings opened once) until the company's settings change
 * (docs/architecture.md#kept-reads); an address that names no company is read again each time.
 */
export async function telephonyByHook(db: Kysely<DB>, config: Config, providerId: string, token: string): Promise<CompanyTelephony | null> {
  if (!isProviderId(providerId) || !/^[A-Za-z0-9_-]{20,100}$/.test(token)) return null;
  return keptHooks(db, `${providerId}/${token}`, async () => {
    const row = await db.selectFrom('telephony_settings').selectAll().where('hook_token', '=', token).where('provider', '=', providerId).executeTakeFirst();
    return row ? opened(config, row) : null;
  });
}

const keptHooks = watchedCache<CompanyTelephony | null>({ keep: (t) => t !== null });

export type HookKind = (typeof TELEPHONY_HOOK_KINDS)[number];

/** The address a provider reports to for this company (PUBLIC_URL must be set: docs/telephony.md). */
export function hookUrl(config: Config, t: Pick<CompanyTelephony, 'providerId' | 'hookToken'>, kind: HookKind): string {
  if (!config.telephony.publicUrl) throw new Error('PUBLIC_URL is not set');
  return `${config.telephony.publicUrl}${TELEPHONY_PREFIX}/${t.providerId}/${t.hookToken}/${kind}`;
}

/** A callback address that also names our call, so a report that arrives before the provider's answer to placeCall is still placed. */
export const withCall = (url: string, callId: number) => `${url}?call=${callId}`;

/** The company's settings row as stored (credentials still sealed); undefined when it set none up. */
export function findTelephonyRow(db: Kysely<DB>, subadminId: number): Promise<Selectable<TelephonySettingsTable> | undefined> {
  return db.selectFrom('telephony_settings').selectAll().where('subadmin_id', '=', subadminId).executeTakeFirst();
}

/** Writes the company's settings: a first save inserts (with its hook token), a later one changes. */
export async function upsertTelephonyRow(
  db: Kysely<DB>,
  values: Insertable<TelephonySettingsTable>,
  changes: Updateable<TelephonySettingsTable>,
): Promise<void> {
  await db
    .insertInto('telephony_settings')
    .values(values)
    .onConflict((oc) => oc.column('subadmin_id').doUpdateSet(changes))
    .execute();
}

/** Turns calls through the provider off, keeping the settings; false when the company has none. */
export async function disableTelephonyRow(db: Kysely<DB>, subadminId: number, now: string): Promise<boolean> {
  const res = await db.updateTable('telephony_settings').set({ enabled: 0, updated_at: now }).where('subadmin_id', '=', subadminId).executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

/** The company's telecallers and heads (not deleted), with the phone a provider's call rings for them. */
export function findCallPhones(db: Kysely<DB>, subadminId: number) {
  return companyCallers(db, subadminId).select(['id', 'name', 'user_type', 'mobile', 'call_phone']).orderBy('name').orderBy('id').execute();
}

/** Sets a telecaller's or head's phone to ring (null: their mobile); false when they are not the company's. */
export function setCallPhoneRow(db: Kysely<DB>, subadminId: number, userId: number, callPhone: string | null, now: string): Promise<boolean> {
  return updateCaller(db, subadminId, userId, { call_phone: callPhone, updated_at: now });
}
