import { describe, expect, it } from 'vitest';
import { dialects, testAppFor } from './helpers/app.js';
import { team } from './helpers/company.js';
import { mutate, query } from './helpers/http.js';
import { getMyBreak } from '../server/services/routing/routing.service.js';
import type { UserActor } from '../server/auth/actor.js';
import { DEFAULT_ROUTING_SETTINGS } from '../shared/routing.js';

/** Wednesday 25 November 2026 at a time of day in India (UTC+05:30). */
const ist = (time: string, date = '2026-11-25') => new Date(`${date}T${time}:00+05:30`);

const SETTINGS = { ...DEFAULT_ROUTING_SETTINGS, routeIndiamart: true, recycleAfterHours: null };

describe.each(dialects)("what routing does for a telecaller or head, on the Home's break card, on %s", (dialect) => {
  const t = testAppFor(dialect);

  it('says routing is off, heads not included, outside hours, not a working day, capped, and the rules that name them, as the Lead Routing page decides', async () => {
    const { company, owner, caller, head } = await team(t);
    const actor = (id: number): UserActor => ({ kind: 'user', id, subadminId: company.id, userType: 'Telicaller', sessionId: 0, impersonatedBy: null });
    const routingOf = async (id: number, now = ist('10:00')) => (await getMyBreak(t.deps, actor(id), now)).routing;

    // A company that saved nothing: routing is off.
    expect(await routingOf(caller.id)).toEqual({
      on: false,
      reason: null,
      workDays: [1, 2, 3, 4, 5, 6],
      workStart: '09:30',
      workEnd: '18:30',
      myRules: [],
      othersRules: false,
    });

    // On, heads left out: the head is passed by, as the Lead Routing page says.
    expect((await mutate(t.app, 'routing.saveSettings', SETTINGS, owner)).status).toBe(200);
    expect(await routingOf(head.id)).toMatchObject({ on: true, reason: 'head_not_included' });
    expect(await routingOf(caller.id)).toMatchObject({ on: true, reason: null });
    const live = await query(t.app, 'routing.myBreak', undefined, head.session);
    expect(live.data).toMatchObject({ onBreak: false, breakSince: null, routing: { on: true, reason: 'head_not_included' } });
    const availability = await query(t.app, 'routing.availability', undefined, owner);
    expect(availability.data.people.find((p) => p.id === head.id)?.reason).toBe('head_not_included');

    // Heads included: the head takes leads inside working hours only.
    await mutate(t.app, 'routing.saveSettings', { ...SETTINGS, includeHeads: true, workStart: '10:00', workEnd: '17:00' }, owner);
    expect(await routingOf(head.id)).toMatchObject({ reason: null, workStart: '10:00', workEnd: '17:00' });
    expect((await routingOf(head.id, ist('17:30'))).reason).toBe('outside_hours');
    expect((await routingOf(head.id, ist('12:00', '2026-11-29'))).reason).toBe('day_off');

    // A break, then a daily cap reached.
    expect((await mutate(t.app, 'routing.setMyBreak', { onBreak: true }, head.session)).data.routing.reason).toBe('on_break');
    expect((await mutate(t.app, 'routing.setMyBreak', { onBreak: false }, head.session)).data.routing.reason).not.toBe('on_break');
    await t.deps.db.updateTable('users').set({ daily_lead_cap: 3, routed_day: '2026-11-25', routed_count: 3 }).where('id', '=', caller.id).execute();
    expect((await routingOf(caller.id)).reason).toBe('cap_reached');

    // A rule naming the caller: the caller sees it; the head learns that rules send some leads to others.
    const rule = await mutate(t.app, 'routing.createRule', { field: 'category', match: 'is', value: 'IndiaMART', userIds: [caller.id] }, owner);
    expect(rule.status).toBe(200);
    expect(await routingOf(caller.id)).toMatchObject({ myRules: [{ field: 'category', match: 'is', value: 'IndiaMART' }], othersRules: false });
    expect(await routingOf(head.id)).toMatchObject({ myRules: [], othersRules: true });

    // Routing switched off again: off, whatever else holds.
    await mutate(t.app, 'routing.saveSettings', { ...SETTINGS, routeIndiamart: false }, owner);
    expect((await routingOf(head.id)).on).toBe(false);
  });
});
