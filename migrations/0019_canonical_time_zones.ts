import type { Kysely } from 'kysely';
import type { Migration } from './types.js';

/*
 * Companies' zones were stored as typed ("aSiA/kOlKaTa"), and every spelling cost a formatter in
 * each cache keyed by zone. From now on a zone is stored in its one spelling: the listed zone name
 * in its own case, else the zone Intl resolves it to. A stored zone Intl does not know stays as it is.
 */
function canonical(timeZone: string, listed: Map<string, string>): string | null {
  try {
    const resolved = new Intl.DateTimeFormat('en-US', { timeZone }).resolvedOptions().timeZone;
    return listed.get(timeZone.toLowerCase()) ?? resolved;
  } catch {
    return null;
  }
}

async function up(db: Kysely<any>) {
  const listed = new Map([...Intl.supportedValuesOf('timeZone'), 'Asia/Kolkata'].map((z) => [z.toLowerCase(), z]));
  const zones: { time_zone: string }[] = await db.selectFrom('subadmins').select('time_zone').distinct().execute();
  for (const { time_zone } of zones) {
    const spelled = canonical(time_zone, listed);
    if (spelled && spelled !== time_zone) {
      await db.updateTable('subadmins').set({ time_zone: spelled }).where('time_zone', '=', time_zone).execute();
    }
  }
}

export const canonicalTimeZones: Migration = { name: '0019_canonical_time_zones', up };
