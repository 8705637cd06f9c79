import { describe, expect, it } from 'vitest';
import { dialects, testAppFor } from './helpers/app.js';
import { insertAdmin, insertCompany, insertLeadRows, insertUser, PASSWORD } from './helpers/fixtures.js';
import { mutate, query, signIn, type Session } from './helpers/http.js';
import { formatDateTime, setDisplayTimeZone, timeZoneName, zonedParts } from '../web/src/lib/format.js';

// Winter and summer instants: New York is UTC-5, then UTC-4; Kolkata is UTC+5:30 all year.
const WINTER = '2025-03-05T10:00:00.000Z';
const SUMMER = '2025-07-01T03:30:00.000Z';

describe('the web formatter', () => {
  it('shows an instant in the given zone, whatever the machine runs in', () => {
    expect(formatDateTime(WINTER, 'Asia/Kolkata')).toBe('05 Mar 2025, 03:30 PM');
    expect(formatDateTime(WINTER, 'America/New_York')).toBe('05 Mar 2025, 05:00 AM');
    expect(formatDateTime(SUMMER, 'America/New_York')).toBe('30 Jun 2025, 11:30 PM');
    expect(formatDateTime('2025-03-05T18:30:00.000Z', 'Asia/Kolkata')).toBe('06 Mar 2025, 12:00 AM');
    expect(zonedParts(SUMMER, 'Asia/Kolkata')).toEqual({ date: '01 Jul 2025', time: '09:00 AM' });
  });

  it('leaves calendar dates, blanks and unreadable text alone', () => {
    expect(formatDateTime('2025-03-05', 'America/New_York')).toBe('05 Mar 2025');
    expect(zonedParts('2025-03-05', 'America/New_York')).toEqual({ date: '05 Mar 2025', time: null });
    expect(formatDateTime(null)).toBe('');
    expect(formatDateTime('not a time')).toBe('not a time');
  });

  it("uses the session's zone by default, and the platform's for an unknown one", () => {
    setDisplayTimeZone('America/New_York');
    expect(formatDateTime(WINTER)).toBe('05 Mar 2025, 05:00 AM');
    setDisplayTimeZone('Mars/Olympus');
    expect(formatDateTime(WINTER)).toBe('05 Mar 2025, 03:30 PM');
    setDisplayTimeZone(null);
    expect(formatDateTime(WINTER)).toBe('05 Mar 2025, 03:30 PM');
  });

  it('names the zone as people know it', () => {
    expect(timeZoneName('Asia/Kolkata')).toBe('India Standard Time (Asia/Kolkata)');
    expect(timeZoneName('America/New_York', new Date(WINTER))).toBe('Eastern Standard Time (America/New_York)');
  });
});

describe.each(dialects)("the company's time zone on %s", (dialect) => {
  const t = testAppFor(dialect);

  const db = () => t.deps.db;

  async function companyIn(timeZone: string) {
    const c = await insertCompany(db());
    await db().updateTable('subadmins').set({ time_zone: timeZone }).where('id', '=', c.id).execute();
    const session = await signIn(t.app, { kind: 'subadmin', email: c.email, password: PASSWORD });
    return { ...c, session };
  }

  const exportRows = async (s: Session) => {
    const res = await t.app.inject({ method: 'GET', url: '/api/webapi/leads/export.csv', headers: { cookie: s.cookie } });
    expect(res.statusCode).toBe(200);
    return res.body.slice(1).split('\r\n').filter(Boolean).slice(1);
  };

  it('reaches the web with the session: the company zone for its owner and users, the platform zone for the admin', async () => {
    const c = await companyIn('America/New_York');
    const user = await insertUser(db(), c.id);
    const userSession = await signIn(t.app, { kind: 'user', mobile: user.mobile, password: PASSWORD });
    const admin = await insertAdmin(db());
    const adminSession = await signIn(t.app, { kind: 'admin', email: admin.email, password: PASSWORD });

    expect((await query(t.app, 'auth.me', undefined, c.session)).data).toMatchObject({ kind: 'subadmin', timeZone: 'America/New_York' });
    expect((await query(t.app, 'auth.me', undefined, userSession)).data).toMatchObject({ kind: 'user', timeZone: 'America/New_York' });
    expect((await query(t.app, 'auth.me', undefined, adminSession)).data).toMatchObject({ kind: 'admin', timeZone: 'Asia/Kolkata' });
  });

  it("exports upload times in the company's zone, and follows a change of zone", async () => {
    const c = await companyIn('America/New_York');
    const ids = await insertLeadRows(db(), c.id, [
      { name: 'Winter Lead', created_at: WINTER },
      { name: 'Summer Lead', created_at: SUMMER },
    ]);
    // the upload time is the original client's seventh column
    const times = (rows: string[]) => rows.map((r) => [Number(r.split(',')[0]), r.split(',')[6]]);
    expect(times(await exportRows(c.session))).toEqual([
      [ids[0], '2025-03-05 05:00:00'],
      [ids[1], '2025-06-30 23:30:00'],
    ]);

    // The list answers the same instants; the web shows them in the zone auth.me gives it.
    const list = await query(t.app, 'leads.uploaded', { page: 1, pageSize: 10 }, c.session);
    expect(list.status).toBe(200);
    const shown = (list.data.items as { id: number; upload_date: string }[])
      .map((l) => [l.id, formatDateTime(l.upload_date, 'America/New_York')])
      .sort((a, b) => Number(a[0]) - Number(b[0]));
    expect(shown).toEqual([
      [ids[0], '05 Mar 2025, 05:00 AM'],
      [ids[1], '30 Jun 2025, 11:30 PM'],
    ]);

    const profile = (await query(t.app, 'profile.get', undefined, c.session)).data;
    const saved = await mutate(
      t.app,
      'profile.update',
      {
        name: profile.name,
        company_name: profile.company_name,
        gst: profile.gst,
        company_bio: profile.company_bio,
        address: profile.address,
        time_zone: 'Asia/Dubai',
      },
      c.session,
    );
    expect(saved.status).toBe(200);
    expect((await query(t.app, 'auth.me', undefined, c.session)).data!.timeZone).toBe('Asia/Dubai');
    expect(times(await exportRows(c.session))).toEqual([
      [ids[0], '2025-03-05 14:00:00'],
      [ids[1], '2025-07-01 07:30:00'],
    ]);
  });
});
