import { describe, expect, it } from 'vitest';
import { dialects, testAppFor } from './helpers/app.js';
import { insertCompany, PASSWORD } from './helpers/fixtures.js';
import { legacy, mutate, query, signIn } from './helpers/http.js';
import { cachedFormatterCount, canonicalTimeZone, todayIn } from '../shared/dates.js';
import { canonicalTimeZones } from '../migrations/0019_canonical_time_zones.js';

const editable = { name: 'Owner', company_name: 'Zone Co', gst: '27AAPCS9999F1Z5', company_bio: 'We call people.', address: 'Pune' };

/** The n-th of the 1,024 ways to case "Asia/Kolkata". */
function spelling(n: number): string {
  let i = 0;
  return 'Asia/Kolkata'.replace(/[a-z]/gi, (c) => ((n >> i++) & 1 ? c.toUpperCase() : c.toLowerCase()));
}

describe('time zone spellings', () => {
  it('have one spelling each', () => {
    expect(canonicalTimeZone('aSiA/kOlKaTa')).toBe('Asia/Kolkata');
    expect(canonicalTimeZone('asia/dubai')).toBe('Asia/Dubai');
    expect(canonicalTimeZone('Asia/Calcutta')).toBe('Asia/Calcutta');
    expect(canonicalTimeZone('US/Pacific')).toBe('America/Los_Angeles');
    expect(canonicalTimeZone('utc')).toBe('UTC');
    expect(canonicalTimeZone('etc/gmt+12')).toBe('Etc/GMT+12');
    expect(canonicalTimeZone('Mars/Olympus')).toBeNull();
    expect(canonicalTimeZone('')).toBeNull();
  });

  it('keep the formatter cache bounded, whatever zones it is asked for', () => {
    const zones = [...Array.from({ length: 1_024 }, (_, n) => spelling(n)), ...Intl.supportedValuesOf('timeZone')];
    for (const zone of zones) todayIn(zone);
    expect(new Set(zones).size).toBeGreaterThan(1_400);
    expect(cachedFormatterCount()).toBeLessThanOrEqual(256);
  });
});

describe.each(dialects)("a company's time zone as typed on %s", (dialect) => {
  const t = testAppFor(dialect);

  const storedZone = async (id: number) =>
    (await t.deps.db.selectFrom('subadmins').select('time_zone').where('id', '=', id).executeTakeFirstOrThrow()).time_zone;

  it('is stored in its one spelling, through tRPC and the legacy call', async () => {
    const company = await insertCompany(t.deps.db);
    const session = await signIn(t.app, { kind: 'subadmin', email: company.email, password: PASSWORD });
    const res = await mutate(t.app, 'profile.update', { ...editable, time_zone: 'aSiA/kOlKaTa' }, session);
    expect(res.status, JSON.stringify(res.error)).toBe(200);
    expect(res.data.time_zone).toBe('Asia/Kolkata');
    expect(await storedZone(company.id)).toBe('Asia/Kolkata');

    const rest = await legacy(t.app, 'PUT', '/updateUser', session, { ...editable, time_zone: ' us/pacific ' });
    expect(rest.status, JSON.stringify(rest.body)).toBe(200);
    expect(await storedZone(company.id)).toBe('America/Los_Angeles');
  });

  it('hundreds of spellings, each then used, leave one zone stored and the formatters few', async () => {
    const company = await insertCompany(t.deps.db);
    const session = await signIn(t.app, { kind: 'subadmin', email: company.email, password: PASSWORD });
    const before = cachedFormatterCount();
    for (let n = 0; n < 300; n++) {
      const res = await mutate(t.app, 'profile.update', { ...editable, time_zone: spelling(n * 3 + 1) }, session);
      expect(res.status, JSON.stringify(res.error)).toBe(200);
      expect((await query(t.app, 'profile.get', undefined, session)).data.time_zone).toBe('Asia/Kolkata');
      expect((await query(t.app, 'dashboard.subadmin', undefined, session)).status).toBe(200);
    }
    expect(await storedZone(company.id)).toBe('Asia/Kolkata');
    expect(cachedFormatterCount() - before).toBeLessThanOrEqual(3);
  });

  it('an upgrade stores the zones kept as typed in their one spelling', async () => {
    const a = await insertCompany(t.deps.db);
    const b = await insertCompany(t.deps.db);
    await t.deps.db.updateTable('subadmins').set({ time_zone: 'aSiA/kOlKaTa' }).where('id', '=', a.id).execute();
    await t.deps.db.updateTable('subadmins').set({ time_zone: 'asia/DUBAI' }).where('id', '=', b.id).execute();
    await canonicalTimeZones.up(t.deps.db, { dialect });
    expect(await storedZone(a.id)).toBe('Asia/Kolkata');
    expect(await storedZone(b.id)).toBe('Asia/Dubai');
  });
});
