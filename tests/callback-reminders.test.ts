import { describe, expect, it } from 'vitest';
import { dialects, testAppFor } from './helpers/app.js';
import { insertCompany, insertLead, insertUser, leadValues, PASSWORD, type LeadFixture } from './helpers/fixtures.js';
import { query, signIn, type Session } from './helpers/http.js';
import { nowIso } from '../server/db/dialect.js';
import { addDays, timeIn, todayIn } from '../shared/dates.js';
import { LEAD_STATUS } from '../shared/lead-status.js';
import { REMINDER_LIMIT } from '../server/services/lead-work/lead-work.service.js';

const IST = 'Asia/Kolkata';
/** The company's wall-clock date and time `minutes` from now. */
const inMinutes = (minutes: number) => {
  const at = new Date(Date.now() + minutes * 60_000);
  return { callback_date: todayIn(IST, at), callback_time: timeIn(IST, at) };
};

describe.each(dialects)('callback reminders on %s', (dialect) => {
  const t = testAppFor(dialect);

  const db = () => t.deps.db;
  const callback = (subadminId: number, telicallerId: number, over: LeadFixture) =>
    insertLead(db(), subadminId, { telicaller_id: telicallerId, telicaller_send_date: nowIso(), status: LEAD_STATUS.followUp, ...over });
  const session = (u: { mobile: string }): Promise<Session> => signIn(t.app, { kind: 'user', mobile: u.mobile, password: PASSWORD });
  const reminders = async (s: Session) => {
    const res = await query(t.app, 'work.reminders', undefined, s);
    expect(res.status).toBe(200);
    return res.data as { id: number; name: string; state: string; callback_date: string; callback_time: string | null }[];
  };

  it('answers callbacks due within 15 minutes or missed, due ones first, and nothing of anyone else', async () => {
    const company = await insertCompany(db());
    const other = await insertCompany(db());
    const caller = await insertUser(db(), company.id);
    const colleague = await insertUser(db(), company.id);
    const mine = (name: string, over: LeadFixture) => callback(company.id, caller.id, { name, ...over });
    const yesterday = addDays(todayIn(IST), -1);

    const dueIn10 = await mine('Due in 10 minutes', inMinutes(10));
    const due20Ago = await mine('Due 20 minutes ago', inMinutes(-20));
    const missed40 = await mine('Missed 40 minutes ago', inMinutes(-40));
    const missedYesterday = await mine('Missed yesterday', { callback_date: yesterday, callback_time: '10:00' });
    await mine('Later today', inMinutes(60));
    await mine('Interested, not a callback', { ...inMinutes(5), status: LEAD_STATUS.interested });
    await mine('Waiting out a retry', { ...inMinutes(5), retry_at: new Date(Date.now() + 3_600_000).toISOString() });
    await mine('Hidden upload', { ...inMinutes(5), visible: 0 });
    await callback(company.id, colleague.id, inMinutes(5));
    // another company's lead carrying the same user id
    await callback(other.id, caller.id, inMinutes(5));

    const list = await reminders(await session(caller));
    expect(list.map((r) => [r.id, r.state])).toEqual([
      [due20Ago, 'due'],
      [dueIn10, 'due'],
      [missed40, 'missed'],
      [missedYesterday, 'missed'],
    ]);
    expect(list[1]).toEqual({ id: dueIn10, name: 'Due in 10 minutes', mobile: expect.any(String), state: 'due', ...inMinutes(10) });
  });

  it('keeps a callback due now among many old missed ones', async () => {
    const company = await insertCompany(db());
    const caller = await insertUser(db(), company.id);
    const old = addDays(todayIn(IST), -3);
    const now = nowIso();
    await db()
      .insertInto('leads')
      .values(
        Array.from({ length: REMINDER_LIMIT + 5 }, (_, i) =>
          leadValues(company.id, {
            name: `Old ${i}`,
            telicaller_id: caller.id,
            telicaller_send_date: now,
            status: LEAD_STATUS.followUp,
            callback_date: old,
            callback_time: '09:00',
          }),
        ),
      )
      .execute();
    const dueNow = await callback(company.id, caller.id, { name: 'Due now', ...inMinutes(5) });
    const list = await reminders(await session(caller));
    expect(list).toHaveLength(REMINDER_LIMIT);
    expect(list[0]).toMatchObject({ id: dueNow, state: 'due' });
    expect(list.slice(1).every((r) => r.state === 'missed')).toBe(true);
  });

  it('is for telecallers and heads', async () => {
    const company = await insertCompany(db());
    const head = await insertUser(db(), company.id, 'Telicaller-hade');
    const dueForHead = await callback(company.id, head.id, inMinutes(3));
    expect((await reminders(await session(head))).map((r) => r.id)).toEqual([dueForHead]);
    const developer = await insertUser(db(), company.id, 'Developer');
    expect((await query(t.app, 'work.reminders', undefined, await session(developer))).status).toBe(403);
    const owner = await signIn(t.app, { kind: 'subadmin', email: company.email, password: PASSWORD });
    expect((await query(t.app, 'work.reminders', undefined, owner)).status).toBe(403);
    expect((await query(t.app, 'work.reminders', undefined, null)).status).toBe(401);
  });
});
