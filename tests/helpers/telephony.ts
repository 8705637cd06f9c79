import { randomBytes } from 'node:crypto';
import type { Insertable, Kysely } from 'kysely';
import type { CallsTable, DB } from '../../server/db/schema.js';
import type { TestApp } from './app.js';
import { nowIso } from '../../server/db/dialect.js';
import { secretBox } from '../../server/services/telephony/secret-box.js';
import type { TelephonyProviderId } from '../../shared/telephony.js';

/**
 * A company's telephony stored as the settings page stores it (credentials sealed with the server's
 * key), without asking the provider: for tests of what happens after it was set up. Answers the hook token.
 */
export async function storeTelephony(
  t: TestApp,
  companyId: number,
  provider: TelephonyProviderId,
  settings: Record<string, string>,
  over: { enabled?: boolean; callerIds?: string[]; record?: boolean; headsHearTeam?: boolean; callersHearOwn?: boolean; countdown?: number } = {},
): Promise<string> {
  const box = await secretBox(t.deps.config);
  const hookToken = randomBytes(24).toString('base64url');
  await t.deps.db
    .insertInto('telephony_settings')
    .values({
      subadmin_id: companyId,
      provider,
      enabled: over.enabled === false ? 0 : 1,
      credentials: box.seal(JSON.stringify(settings)),
      caller_ids: JSON.stringify(over.callerIds ?? ['+918047112233']),
      record_calls: over.record === false ? 0 : 1,
      heads_hear_team: over.headsHearTeam === false ? 0 : 1,
      callers_hear_own: over.callersHearOwn === false ? 0 : 1,
      dialer_countdown_seconds: over.countdown ?? 5,
      hook_token: hookToken,
      checked_at: nowIso(),
      updated_at: nowIso(),
    })
    .execute();
  return hookToken;
}

/** A calls row of the company as the provider's reports leave it: an outbound call placed now, unless `over` says otherwise. Answers its id. */
export async function insertCallFact(
  db: Kysely<DB>,
  companyId: number,
  over: Partial<Omit<Insertable<CallsTable>, 'subadmin_id'>> & Pick<Insertable<CallsTable>, 'status'>,
): Promise<number> {
  const at = over.placed_at ?? nowIso();
  const { id } = await db
    .insertInto('calls')
    .values({
      subadmin_id: companyId,
      provider: 'exotel',
      provider_call_id: `sid-${randomBytes(8).toString('hex')}`,
      lead_id: null,
      user_id: null,
      direction: 'outbound',
      from_number: '+918047112233',
      to_number: '9876500001',
      placed_at: at,
      updated_at: at,
      ...over,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

/** The company works every hour of every day (inbound calls are put through whenever a test runs), routing its capture sources or not. */
export async function workingAllDay(db: Kysely<DB>, companyId: number, routeCapture: boolean): Promise<void> {
  await db
    .insertInto('routing_settings')
    .values({
      subadmin_id: companyId,
      route_capture: routeCapture ? 1 : 0,
      work_days: '1,2,3,4,5,6,7',
      work_start: '00:00',
      work_end: '23:59',
      updated_at: nowIso(),
    })
    .execute();
}

/** A lead of the company found by its mobile. */
export function leadByMobile(db: Kysely<DB>, companyId: number, mobile: string) {
  return db.selectFrom('leads').selectAll().where('subadmin_id', '=', companyId).where('mobile', '=', mobile).executeTakeFirstOrThrow();
}
