import { randomBytes } from 'node:crypto';
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
