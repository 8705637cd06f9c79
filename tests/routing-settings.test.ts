import { describe, expect, it } from 'vitest';
import { dialects, testAppFor } from './helpers/app.js';
import { team } from './helpers/company.js';
import { insertLead, insertUser, PASSWORD } from './helpers/fixtures.js';
import { mutate, query, signIn } from './helpers/http.js';
import { multipart, type Part } from './helpers/multipart.js';
import { nowIso } from '../server/db/dialect.js';
import { endBreak, routingAvailability, setMyBreak } from '../server/services/routing/routing.service.js';
import { DEFAULT_ROUTING_SETTINGS } from '../shared/routing.js';
import { DAILY_CAP_RANGE, RULE_MEMBER_NOT_CALLER, RULE_MEMBERS_REQUIRED, WORK_DAYS_REQUIRED, WORK_END_AFTER_START } from '../shared/schemas/routing.js';

const SETTINGS = {
  routeIndiamart: true,
  routeCapture: true,
  routeAddLead: false,
  routeCsv: true,
  includeHeads: false,
  workDays: [5, 1, 2, 3, 4, 1],
  workStart: '09:30',
  workEnd: '18:30',
  repeatRerouteDays: 15,
  recycleAfterHours: 4,
  recycleMax: 3,
};

/** Wednesday 25 November 2026 at a time of day in India (UTC+05:30). */
const ist = (time: string, date = '2026-11-25') => new Date(`${date}T${time}:00+05:30`);

describe.each(dialects)('lead routing settings, rules and availability on %s', (dialect) => {
  const t = testAppFor(dialect);
  const db = () => t.deps.db;
  const settingsRow = (id: number) => db().selectFrom('routing_settings').selectAll().where('subadmin_id', '=', id).executeTakeFirst();
  const ruleRows = (id: number) =>
    db().selectFrom('routing_rules').select(['id', 'position', 'field', 'match', 'value']).where('subadmin_id', '=', id).orderBy('id').execute();
  const memberRows = (id: number) =>
    db().selectFrom('routing_rule_members').select(['rule_id', 'user_id']).where('subadmin_id', '=', id).orderBy('rule_id').orderBy('user_id').execute();
  const userRow = (id: number) => db().selectFrom('users').select(['on_break', 'break_since', 'daily_lead_cap']).where('id', '=', id).executeTakeFirstOrThrow();

  it('starts from the defaults; the first save inserts the row, the next one updates it', async () => {
    const { company, owner } = await team(t);
    const first = await query(t.app, 'routing.settings', undefined, owner);
    expect(first.status).toBe(200);
    expect(first.data).toEqual({ ...DEFAULT_ROUTING_SETTINGS, timeZone: 'Asia/Kolkata' });
    expect(await settingsRow(company.id)).toBeUndefined();

    const saved = await mutate(t.app, 'routing.saveSettings', SETTINGS, owner);
    expect(saved.status).toBe(200);
    expect(saved.data).toEqual({ ...SETTINGS, workDays: [1, 2, 3, 4, 5], timeZone: 'Asia/Kolkata' });
    expect(await settingsRow(company.id)).toMatchObject({ work_days: '1,2,3,4,5', route_indiamart: 1, route_add_lead: 0, recycle_after_hours: 4 });

    const again = await mutate(t.app, 'routing.saveSettings', { ...SETTINGS, recycleAfterHours: null, includeHeads: true }, owner);
    expect(again.data).toMatchObject({ recycleAfterHours: null, includeHeads: true });
    expect((await query(t.app, 'routing.settings', undefined, owner)).data).toMatchObject({
      recycleAfterHours: null,
      includeHeads: true,
      repeatRerouteDays: 15,
    });
    expect(await db().selectFrom('routing_settings').select('subadmin_id').where('subadmin_id', '=', company.id).execute()).toHaveLength(1);
  });

  it('refuses bad settings with a clear message and changes nothing', async () => {
    const { company, owner } = await team(t);
    await mutate(t.app, 'routing.saveSettings', SETTINGS, owner);
    const before = await settingsRow(company.id);
    const cases: [Record<string, unknown>, string][] = [
      [{ workDays: [] }, WORK_DAYS_REQUIRED],
      [{ workDays: [0, 1] }, WORK_DAYS_REQUIRED],
      [{ workDays: [8] }, WORK_DAYS_REQUIRED],
      [{ workStart: '9:30' }, 'Enter the start time as HH:MM (24-hour).'],
      [{ workEnd: '24:00' }, 'Enter the end time as HH:MM (24-hour).'],
      [{ workStart: '18:30', workEnd: '09:30' }, WORK_END_AFTER_START],
      [{ workStart: '10:00', workEnd: '10:00' }, WORK_END_AFTER_START],
      [{ repeatRerouteDays: 0 }, 'Enter between 1 and 365 days.'],
      [{ repeatRerouteDays: 366 }, 'Enter between 1 and 365 days.'],
      [{ repeatRerouteDays: '' }, 'Enter the number of days.'],
      [{ recycleAfterHours: 0 }, 'Enter between 1 and 72 working hours.'],
      [{ recycleAfterHours: 73 }, 'Enter between 1 and 72 working hours.'],
      [{ recycleAfterHours: 2.5 }, 'Enter a whole number.'],
      [{ recycleMax: 11 }, 'A lead may be recycled 1 to 10 times.'],
      [{ routeCsv: 'yes' }, 'Say whether uploads are routed by default (true or false).'],
    ];
    for (const [over, message] of cases) {
      const res = await mutate(t.app, 'routing.saveSettings', { ...SETTINGS, ...over }, owner);
      expect(res.status, JSON.stringify(over)).toBe(400);
      expect(res.error?.message, JSON.stringify(over)).toBe(message);
    }
    expect(await settingsRow(company.id)).toEqual(before);
  });

  it('keeps rules in order with their people; moves, edits and deletes them', async () => {
    const { company, owner, caller, colleague, head } = await team(t);
    const create = (value: string, userIds: number[]) => mutate(t.app, 'routing.createRule', { field: 'category', match: 'contains', value, userIds }, owner);
    const solar = (await create('  Solar  ', [caller.id, head.id])).data.id;
    const pune = (await mutate(t.app, 'routing.createRule', { field: 'area', match: 'is', value: 'Pune', userIds: [colleague.id, colleague.id] }, owner)).data
      .id;
    const listed = await query(t.app, 'routing.rules', undefined, owner);
    expect(listed.data).toEqual([
      {
        id: solar,
        position: 1,
        field: 'category',
        match: 'contains',
        value: 'Solar',
        members: [
          { id: caller.id, name: 'Asha Caller', userType: 'Telicaller' },
          { id: head.id, name: 'Chetan Head', userType: 'Telicaller-hade' },
        ],
      },
      { id: pune, position: 2, field: 'area', match: 'is', value: 'Pune', members: [{ id: colleague.id, name: 'Bina Colleague', userType: 'Telicaller' }] },
    ]);

    const moved = await mutate(t.app, 'routing.moveRule', { id: pune, direction: 'up' }, owner);
    expect(moved.data.map((r) => [r.id, r.position])).toEqual([
      [pune, 1],
      [solar, 2],
    ]);
    // At the top already: nothing moves.
    await mutate(t.app, 'routing.moveRule', { id: pune, direction: 'up' }, owner);
    expect((await query(t.app, 'routing.rules', undefined, owner)).data.map((r) => r.id)).toEqual([pune, solar]);
    await mutate(t.app, 'routing.moveRule', { id: pune, direction: 'down' }, owner);
    expect((await query(t.app, 'routing.rules', undefined, owner)).data.map((r) => r.id)).toEqual([solar, pune]);

    const edited = await mutate(t.app, 'routing.updateRule', { id: solar, field: 'language', match: 'is', value: 'Hindi', userIds: [colleague.id] }, owner);
    expect(edited.status).toBe(200);
    const solarNow = (await query(t.app, 'routing.rules', undefined, owner)).data[0]!;
    expect(solarNow).toMatchObject({ id: solar, field: 'language', match: 'is', value: 'Hindi', members: [{ id: colleague.id }] });

    expect((await mutate(t.app, 'routing.deleteRule', { id: solar }, owner)).status).toBe(200);
    expect((await ruleRows(company.id)).map((r) => r.id)).toEqual([pune]);
    expect(await memberRows(company.id)).toEqual([{ rule_id: pune, user_id: colleague.id }]);
    expect((await mutate(t.app, 'routing.deleteRule', { id: solar }, owner)).status).toBe(404);
  });

  it("refuses a rule's bad input and people who cannot take leads; another company's rule or person is not found", async () => {
    const a = await team(t);
    const b = await team(t);
    const developer = await insertUser(db(), a.company.id, 'Developer');
    const removed = await insertUser(db(), a.company.id, 'Telicaller');
    await db().updateTable('users').set({ deleted_at: nowIso() }).where('id', '=', removed.id).execute();
    const rule = (await mutate(t.app, 'routing.createRule', { field: 'area', match: 'is', value: 'Pune', userIds: [a.caller.id] }, a.owner)).data.id;
    const before = [await ruleRows(a.company.id), await memberRows(a.company.id)];
    const ok = { field: 'area', match: 'is', value: 'Pune', userIds: [a.caller.id] };

    const refused: [Record<string, unknown>, number, string][] = [
      [{ value: '   ' }, 400, 'Enter the value to match.'],
      [{ value: 'x'.repeat(101) }, 400, 'The value must be at most 100 characters.'],
      [{ field: 'city' }, 400, 'Pick what the rule looks at: category, area or language.'],
      [{ match: 'starts' }, 400, 'Pick how the rule matches: is or contains.'],
      [{ userIds: [] }, 400, RULE_MEMBERS_REQUIRED],
      [{ userIds: [a.caller.id, developer.id] }, 400, RULE_MEMBER_NOT_CALLER],
      [{ userIds: [removed.id] }, 400, RULE_MEMBER_NOT_CALLER],
      [{ userIds: [a.caller.id, b.caller.id] }, 404, 'Telecaller not found.'],
    ];
    for (const [over, status, message] of refused) {
      for (const [name, input] of [
        ['routing.createRule', { ...ok, ...over }],
        ['routing.updateRule', { id: rule, ...ok, ...over }],
      ] as const) {
        const res = await mutate(t.app, name, input, a.owner);
        expect(res.status, `${name} ${JSON.stringify(over)}`).toBe(status);
        expect(res.error?.message).toBe(message);
      }
    }
    // B's sub-admin cannot see, edit, move or delete A's rule.
    expect((await query(t.app, 'routing.rules', undefined, b.owner)).data).toEqual([]);
    for (const [name, input] of [
      ['routing.updateRule', { id: rule, ...ok, userIds: [b.caller.id] }],
      ['routing.moveRule', { id: rule, direction: 'down' }],
      ['routing.deleteRule', { id: rule }],
    ] as const) {
      const res = await mutate(t.app, name, input, b.owner);
      expect(res.status, name).toBe(404);
      expect(res.error?.message).toBe('Rule not found.');
    }
    expect([await ruleRows(a.company.id), await memberRows(a.company.id)]).toEqual(before);
  });

  it('belongs to the sub-admin; the break switch to telecallers and heads', async () => {
    const { owner, caller, head, company } = await team(t);
    const developer = await insertUser(db(), company.id, 'Developer');
    const devSession = await signIn(t.app, { kind: 'user', mobile: developer.mobile, password: PASSWORD });
    for (const s of [caller.session, head.session, devSession]) {
      expect((await query(t.app, 'routing.settings', undefined, s)).status).toBe(403);
      expect((await query(t.app, 'routing.availability', undefined, s)).status).toBe(403);
      expect((await mutate(t.app, 'routing.saveSettings', SETTINGS, s)).status).toBe(403);
      expect((await mutate(t.app, 'routing.setCap', { userId: caller.id, cap: 3 }, s)).status).toBe(403);
      expect((await mutate(t.app, 'routing.endBreak', { userId: caller.id }, s)).status).toBe(403);
    }
    for (const s of [owner, devSession]) {
      expect((await query(t.app, 'routing.myBreak', undefined, s)).status).toBe(403);
      expect((await mutate(t.app, 'routing.setMyBreak', { onBreak: true }, s)).status).toBe(403);
    }
    expect((await mutate(t.app, 'routing.setMyBreak', { onBreak: true }, head.session)).data.onBreak).toBe(true);
  });

  it('says who is available now and why not; counts the leads waiting for routing', async () => {
    const { company, owner, caller, colleague } = await team(t);
    const other = await team(t);
    await mutate(t.app, 'routing.saveSettings', SETTINGS, owner);
    const blocked = await insertUser(db(), company.id, 'Telicaller', { name: 'Deepa Blocked' });
    await db().updateTable('users').set({ is_blocked: 1 }).where('id', '=', blocked.id).execute();
    const capped = await insertUser(db(), company.id, 'Telicaller', { name: 'Esha Capped' });
    await db().updateTable('users').set({ daily_lead_cap: 2, routed_day: '2026-11-25', routed_count: 2 }).where('id', '=', capped.id).execute();
    await insertUser(db(), company.id, 'Developer', { name: 'Farhan Developer' });
    await mutate(t.app, 'routing.setMyBreak', { onBreak: true }, colleague.session);

    // Waiting: only the company's visible pool leads marked waiting.
    await insertLead(db(), company.id, { route_waiting: 1 });
    await insertLead(db(), company.id, { route_waiting: 1 });
    await insertLead(db(), company.id, { route_waiting: 1, telicaller_id: caller.id });
    await insertLead(db(), company.id, { route_waiting: 1, visible: 0 });
    await insertLead(db(), company.id, { route_waiting: 0 });
    await insertLead(db(), other.company.id, { route_waiting: 1 });

    const at = (now: Date) => routingAvailability(t.deps, company.id, now);
    const reasons = async (now: Date) => Object.fromEntries((await at(now)).people.map((p) => [p.name, p.reason]));

    const morning = await at(ist('10:00'));
    expect(morning.waiting).toBe(2);
    expect(morning.workingNow).toBe(true);
    expect(morning.timeZone).toBe('Asia/Kolkata');
    expect(morning.people.map((p) => p.name)).toEqual(['Asha Caller', 'Bina Colleague', 'Chetan Head', 'Deepa Blocked', 'Esha Capped']);
    expect(morning.people.find((p) => p.id === caller.id)).toMatchObject({ available: true, reason: null, routedToday: 0, dailyCap: null });
    expect(morning.people.find((p) => p.id === colleague.id)).toMatchObject({ available: false, onBreak: true, breakSince: expect.any(String) });
    expect(morning.people.find((p) => p.id === capped.id)).toMatchObject({ routedToday: 2, dailyCap: 2 });
    expect(await reasons(ist('10:00'))).toEqual({
      'Asha Caller': null,
      'Bina Colleague': 'on_break',
      'Chetan Head': 'head_not_included',
      'Deepa Blocked': 'blocked',
      'Esha Capped': 'cap_reached',
    });

    // After hours, and on a Sunday, nobody is available.
    const evening = await at(ist('18:30'));
    expect(evening.workingNow).toBe(false);
    expect(evening.people.find((p) => p.id === caller.id)).toMatchObject({ available: false, reason: 'outside_hours' });
    expect((await reasons(ist('12:00', '2026-11-29')))['Asha Caller']).toBe('day_off');
    expect((await reasons(ist('09:29')))['Asha Caller']).toBe('outside_hours');

    // Heads included: the head is available.
    await mutate(t.app, 'routing.saveSettings', { ...SETTINGS, includeHeads: true }, owner);
    expect((await reasons(ist('10:00')))['Chetan Head']).toBeNull();

    // The day ends at midnight in India, not in UTC: 23:50 on the 25th still counts the 2 routed leads, 00:10 on the 26th (still the 25th in UTC) none.
    const lateNight = await at(ist('23:50'));
    expect(lateNight.people.find((p) => p.id === capped.id)).toMatchObject({ routedToday: 2, reason: 'cap_reached' });
    const nextDay = ist('00:10', '2026-11-26');
    expect(nextDay.toISOString().slice(0, 10)).toBe('2026-11-25');
    expect((await at(nextDay)).people.find((p) => p.id === capped.id)).toMatchObject({ routedToday: 0, reason: 'outside_hours' });
    expect((await at(ist('10:00', '2026-11-26'))).people.find((p) => p.id === capped.id)).toMatchObject({ routedToday: 0, available: true });

    // The procedure answers the same shape for the signed-in company only.
    const live = await query(t.app, 'routing.availability', undefined, other.owner);
    expect(live.data.waiting).toBe(1);
    expect(live.data.people.map((p) => p.name)).toEqual(['Asha Caller', 'Bina Colleague', 'Chetan Head']);
  });

  it("sets a person's daily cap; refuses a bad cap and another company's person", async () => {
    const a = await team(t);
    const b = await team(t);
    expect((await mutate(t.app, 'routing.setCap', { userId: a.caller.id, cap: '25' }, a.owner)).data).toEqual({ userId: a.caller.id, cap: 25 });
    expect((await userRow(a.caller.id)).daily_lead_cap).toBe(25);
    for (const cap of [0, 1001, 2.5, 'many', -1]) {
      const res = await mutate(t.app, 'routing.setCap', { userId: a.caller.id, cap }, a.owner);
      expect(res.status, String(cap)).toBe(400);
      expect(res.error?.message).toBe(DAILY_CAP_RANGE);
    }
    expect((await userRow(a.caller.id)).daily_lead_cap).toBe(25);
    const other = await mutate(t.app, 'routing.setCap', { userId: b.caller.id, cap: 3 }, a.owner);
    expect(other.status).toBe(404);
    expect((await userRow(b.caller.id)).daily_lead_cap).toBeNull();
    await mutate(t.app, 'routing.setCap', { userId: a.caller.id, cap: null }, a.owner);
    expect((await userRow(a.caller.id)).daily_lead_cap).toBeNull();
  });

  it('turns a break on and off; the sub-admin may end it, not another company', async () => {
    const a = await team(t);
    const b = await team(t);
    expect((await query(t.app, 'routing.myBreak', undefined, a.caller.session)).data).toMatchObject({ onBreak: false, breakSince: null });
    const on = await mutate(t.app, 'routing.setMyBreak', { onBreak: true }, a.caller.session);
    expect(on.data.onBreak).toBe(true);
    const since = on.data.breakSince!;
    expect(Math.abs(Date.parse(since) - Date.now())).toBeLessThan(60_000);
    // Switching it on again keeps when it began.
    expect((await mutate(t.app, 'routing.setMyBreak', { onBreak: true }, a.caller.session)).data).toMatchObject({ onBreak: true, breakSince: since });
    expect(await userRow(a.caller.id)).toMatchObject({ on_break: 1, break_since: since });

    expect((await mutate(t.app, 'routing.endBreak', { userId: a.caller.id }, b.owner)).status).toBe(404);
    expect(await userRow(a.caller.id)).toMatchObject({ on_break: 1 });
    expect((await mutate(t.app, 'routing.setMyBreak', { onBreak: 'no' }, a.caller.session)).status).toBe(400);

    expect((await mutate(t.app, 'routing.endBreak', { userId: a.caller.id }, a.owner)).data).toEqual({ onBreak: false, breakSince: null });
    expect(await userRow(a.caller.id)).toMatchObject({ on_break: 0, break_since: null });
    expect((await query(t.app, 'routing.myBreak', undefined, a.caller.session)).data).toMatchObject({ onBreak: false, breakSince: null });

    await mutate(t.app, 'routing.setMyBreak', { onBreak: true }, a.head.session);
    expect((await mutate(t.app, 'routing.setMyBreak', { onBreak: false }, a.head.session)).data).toMatchObject({ onBreak: false, breakSince: null });
    expect(await userRow(a.head.id)).toMatchObject({ on_break: 0, break_since: null });
  });

  it('keeps an upload\'s "Route these leads now" on its batch, sent before or after the file', async () => {
    const { company, owner } = await team(t);
    const csv = (n: number) => ({ filename: 'leads.csv', content: `name,mobile\nLead ${n},98765${String(n).padStart(5, '0')}\n` });
    const upload = async (parts: Part[]) => {
      const body = multipart(parts);
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/webapi/upload-csv',
        headers: { authorization: `Bearer ${owner.token}`, 'content-type': body.contentType },
        payload: body.payload,
      });
      expect(res.statusCode, res.body).toBe(200);
      const batch = await db()
        .selectFrom('upload_batches')
        .select(['route_now'])
        .where('subadmin_id', '=', company.id)
        .orderBy('id', 'desc')
        .executeTakeFirstOrThrow();
      return batch.route_now;
    };
    expect(
      await upload([
        ['category', 'Local Leads'],
        ['routeNow', '1'],
        ['csvFile', csv(1)],
      ]),
    ).toBe(1);
    expect(
      await upload([
        ['category', 'Local Leads'],
        ['routeNow', '0'],
        ['csvFile', csv(2)],
      ]),
    ).toBe(0);
    expect(
      await upload([
        ['category', 'Local Leads'],
        ['csvFile', csv(3)],
      ]),
    ).toBe(0);
    // The file first is spooled, so a later routeNow still counts.
    expect(
      await upload([
        ['csvFile', csv(4)],
        ['category', 'Local Leads'],
        ['routeNow', '1'],
      ]),
    ).toBe(1);
  });

  it('routes the leads waiting for routing when someone comes back from a break', async () => {
    const { company, owner, caller, colleague } = await team(t);
    await mutate(t.app, 'routing.saveSettings', { ...SETTINGS, routeCapture: true }, owner);
    await db().updateTable('users').set({ is_blocked: 1 }).where('id', '=', colleague.id).execute();
    const actor = { kind: 'user' as const, id: caller.id, subadminId: company.id, userType: 'Telicaller' as const, impersonatedBy: null, sessionId: 0 };
    await setMyBreak(t.deps, actor, true, ist('10:00'));
    const lead = await insertLead(db(), company.id, { route_waiting: 1, route_source: 'capture' });
    const holder = () => db().selectFrom('leads').select(['telicaller_id', 'route_waiting']).where('id', '=', lead).executeTakeFirstOrThrow();

    // Back after hours: the lead keeps waiting for the morning.
    await setMyBreak(t.deps, actor, false, ist('19:00'));
    expect(await holder()).toEqual({ telicaller_id: null, route_waiting: 1 });
    await setMyBreak(t.deps, actor, true, ist('10:00'));
    expect(await holder()).toEqual({ telicaller_id: null, route_waiting: 1 });

    // The sub-admin ends the break inside working hours: the lead goes to them.
    await endBreak(t.deps, { kind: 'subadmin', id: company.id, subadminId: company.id, sessionId: 0 }, caller.id, ist('11:00'));
    expect(await holder()).toEqual({ telicaller_id: caller.id, route_waiting: 0 });
  });
});
