import { describe, expect, it } from 'vitest';
import { dialects, testAppFor } from './helpers/app.js';
import { signedInSubadmin } from './helpers/company.js';
import { insertAdmin, insertLeadRows, insertUser, PASSWORD, type LeadFixture } from './helpers/fixtures.js';
import { legacy, mutate, query, signIn, type Session } from './helpers/http.js';
import { MAX_DISTRIBUTE } from '../shared/schemas/distribution.js';
import { DISTRIBUTE_CHUNK, distributeLeads } from '../server/services/distribution/distribution.service.js';
import { insertLeads } from '../server/services/leads/leads.repository.js';
import type { SubadminActor } from '../server/auth/actor.js';
import { LEAD_STATUS } from '../shared/lead-status.js';

describe.each(dialects)('lead distribution on %s', (dialect) => {
  const t = testAppFor(dialect);

  const db = () => t.deps.db;

  /** A company with a signed-in owner, two telecallers and a head. */
  async function company() {
    const { session, ...c } = await signedInSubadmin(t);
    const [a, b, head] = [
      await insertUser(db(), c.id, 'Telicaller', { name: 'Asha' }),
      await insertUser(db(), c.id, 'Telicaller', { name: 'Bilal' }),
      await insertUser(db(), c.id, 'Telicaller-hade', { name: 'Chitra' }),
    ];
    return { c, session, a, b, head };
  }

  const leadsOf = (subadminId: number) => db().selectFrom('leads').selectAll().where('subadmin_id', '=', subadminId).orderBy('id').execute();
  const assignedTo = async (subadminId: number, userId: number) => (await leadsOf(subadminId)).filter((l) => l.telicaller_id === userId).map((l) => l.id);
  const many = (n: number, over: LeadFixture = {}): LeadFixture[] => Array.from({ length: n }, () => ({ ...over }));
  const distribute = (session: Session, input: unknown) => mutate(t.app, 'distribution.distribute', input, session);
  const auditRows = (subadminId: number, action: string) =>
    db().selectFrom('audit_log').selectAll().where('subadmin_id', '=', subadminId).where('action', '=', action).execute();

  it('assigns the oldest unassigned leads first and marks them new, sent now', async () => {
    const { c, session, a } = await company();
    const ids = await insertLeadRows(db(), c.id, many(5, { category: 'IndiaMART' }));
    const before = new Date().toISOString();
    const res = await distribute(session, { userIds: [a.id], count: 3, category: 'IndiaMART' });
    expect(res.status).toBe(200);
    expect(res.data).toMatchObject({
      assigned: 3,
      requested: 3,
      category: 'IndiaMART',
      perUser: [{ userId: a.id, name: 'Asha', assigned: 3 }],
      message: 'Assigned 3 leads from IndiaMART to Asha.',
    });
    expect(await assignedTo(c.id, a.id)).toEqual(ids.slice(0, 3));
    const rows = (await leadsOf(c.id)).slice(0, 3);
    for (const l of rows) {
      expect(l.status).toBe('0');
      expect(l.telicaller_send_date! >= before).toBe(true);
      expect(l.telicaller_send_date).toMatch(/^\d{4}-\d\d-\d\dT.*Z$/);
    }
    // The next distribution continues with the next oldest.
    await distribute(session, { userIds: [a.id], count: 1, category: 'IndiaMART' });
    expect(await assignedTo(c.id, a.id)).toEqual(ids.slice(0, 4));
    expect(await auditRows(c.id, 'distribute')).toHaveLength(2);
  });

  it('filters by category, or takes any category (null, "all")', async () => {
    const { c, session, a, b } = await company();
    const ids = await insertLeadRows(db(), c.id, [
      { category: 'JustDial' },
      { category: 'IndiaMART' },
      { category: 'Local Leads' },
      { category: 'IndiaMART' },
      { category: 'JustDial' },
    ]);
    const res = await distribute(session, { userIds: [a.id], count: 5, category: 'IndiaMART' });
    expect(res.data).toMatchObject({ assigned: 2, requested: 5 });
    expect(await assignedTo(c.id, a.id)).toEqual([ids[1], ids[3]]);

    const anyRes = await distribute(session, { userIds: [b.id], count: 2, category: null });
    expect(anyRes.data).toMatchObject({ assigned: 2, category: null, message: 'Assigned 2 leads from any category to Bilal.' });
    expect(await assignedTo(c.id, b.id)).toEqual([ids[0], ids[2]]);
    const allRes = await distribute(session, { userIds: [b.id], count: 9, category: 'all' });
    expect(allRes.data).toMatchObject({ assigned: 1, category: null, message: 'Assigned 1 of 9 requested to Bilal: only 1 unassigned lead.' });
    expect(await assignedTo(c.id, b.id)).toEqual([ids[0], ids[2], ids[4]]);
  });

  it('assigns what there is when asked for more, and says so', async () => {
    const { c, session, a } = await company();
    await insertLeadRows(db(), c.id, many(4, { category: 'IndiaMART' }));
    await insertLeadRows(db(), c.id, many(3, { category: 'JustDial' }));
    const res = await distribute(session, { userIds: [a.id], count: 200, category: 'IndiaMART' });
    expect(res.data).toMatchObject({ assigned: 4, requested: 200 });
    expect(res.data.message).toBe('Assigned 4 of 200 requested to Asha: only 4 unassigned leads in IndiaMART.');
    const none = await distribute(session, { userIds: [a.id], count: 10, category: 'IndiaMART' });
    expect(none.status).toBe(200);
    expect(none.data).toMatchObject({ assigned: 0, requested: 10, message: 'No unassigned leads in IndiaMART: nothing was assigned.' });
    expect(none.data.perUser).toEqual([{ userId: a.id, name: 'Asha', assigned: 0 }]);
    const unknownCategory = await distribute(session, { userIds: [a.id], count: 10, category: 'Nope' });
    expect(unknownCategory.data.assigned).toBe(0);
    expect((await assignedTo(c.id, a.id)).length).toBe(4);
    // Nothing assigned, nothing audited.
    expect(await auditRows(c.id, 'distribute')).toHaveLength(1);
  });

  it('splits evenly across several people, the remainder going to the first chosen', async () => {
    const { c, session, a, b, head } = await company();
    await insertLeadRows(db(), c.id, many(20, { category: 'Local Leads' }));
    const res = await distribute(session, { userIds: [head.id, a.id, b.id], count: 10, category: 'Local Leads' });
    expect(res.data.assigned).toBe(10);
    expect(res.data.perUser).toEqual([
      { userId: head.id, name: 'Chitra', assigned: 4 },
      { userId: a.id, name: 'Asha', assigned: 3 },
      { userId: b.id, name: 'Bilal', assigned: 3 },
    ]);
    expect(res.data.message).toBe('Assigned 10 leads from Local Leads to 3 people.');
    expect((await assignedTo(c.id, head.id)).length).toBe(4);
    // Fewer left than asked: what there is (10) still splits evenly.
    const rest = await distribute(session, { userIds: [a.id, b.id, head.id], count: 30, category: 'Local Leads' });
    expect(rest.data.perUser.map((p: { assigned: number }) => p.assigned)).toEqual([4, 3, 3]);
    expect(rest.data.message).toBe('Assigned 10 of 30 requested to 3 people: only 10 unassigned leads in Local Leads.');
    const audit = await auditRows(c.id, 'distribute');
    expect(audit).toHaveLength(2);
    expect(JSON.parse(audit[0]!.detail!)).toMatchObject({ requested: 10, assigned: 10, category: 'Local Leads' });
  });

  it('never assigns one lead twice when distributions run at once, nor more than the pool', async () => {
    const { c, session, a, b, head } = await company();
    const extra = await Promise.all([1, 2].map((i) => insertUser(db(), c.id, 'Telicaller', { name: `Extra ${i}` })));
    await insertLeadRows(db(), c.id, many(150, { category: 'IndiaMART' }));
    const people = [a, b, head, ...extra];
    const results = await Promise.all(people.map((p) => distribute(session, { userIds: [p.id], count: 40, category: 'IndiaMART' })));
    expect(results.map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
    const total = results.reduce((s, r) => s + r.data.assigned, 0);
    expect(total).toBe(150);
    const rows = await leadsOf(c.id);
    expect(rows.every((l) => l.telicaller_id !== null)).toBe(true);
    for (const [i, p] of people.entries()) expect(rows.filter((l) => l.telicaller_id === p.id).length).toBe(results[i]!.data.assigned);

    // Again with several people per call, and directly through the service so nothing serialises the calls but the database.
    await insertLeadRows(db(), c.id, many(101, { category: 'JustDial' }));
    const actor: SubadminActor = { kind: 'subadmin', id: c.id, subadminId: c.id, sessionId: 0 };
    const twice = await Promise.all(
      [0, 1, 2, 3, 4].map((i) => distributeLeads(t.deps, actor, { userIds: [people[i]!.id, people[(i + 1) % 5]!.id], count: 30, category: 'JustDial' })),
    );
    expect(twice.reduce((s, r) => s + r.assigned, 0)).toBe(101);
    const jd = (await leadsOf(c.id)).filter((l) => l.category === 'JustDial');
    expect(new Set(jd.map((l) => l.id)).size).toBe(101);
    expect(jd.every((l) => l.telicaller_id !== null)).toBe(true);
    const perPerson = new Map<number, number>();
    for (const r of twice) for (const p of r.perUser) perPerson.set(p.userId, (perPerson.get(p.userId) ?? 0) + p.assigned);
    for (const p of people) expect(jd.filter((l) => l.telicaller_id === p.id).length).toBe(perPerson.get(p.id) ?? 0);
  });

  it('takes the oldest across categories for "any", also when distributions run at once', async () => {
    const { c, session, a, b, head } = await company();
    const cats = ['IndiaMART', 'JustDial', 'Local Leads', 'Manual A', 'Manual B'];
    const ids = await insertLeadRows(
      db(),
      c.id,
      Array.from({ length: 60 }, (_, i) => ({ category: cats[(i * 7) % 5] })),
    );
    const first = await distribute(session, { userIds: [a.id], count: 17, category: null });
    expect(first.data.assigned).toBe(17);
    expect(await assignedTo(c.id, a.id)).toEqual(ids.slice(0, 17));
    const results = await Promise.all([a, b, head, a, b].map((p) => distribute(session, { userIds: [p.id], count: 12, category: 'all' })));
    expect(results.reduce((s, r) => s + r.data.assigned, 0)).toBe(43);
    const rows = await leadsOf(c.id);
    expect(rows.every((l) => l.telicaller_id !== null)).toBe(true);
    expect(rows.filter((l) => l.telicaller_id === a.id).length).toBe(17 + results[0]!.data.assigned + results[3]!.data.assigned);
  });

  it(`distributes and takes back more than ${DISTRIBUTE_CHUNK.toLocaleString('en-IN')} leads in slices, keeping the even split`, async () => {
    const { c, session, a, b, head } = await company();
    const total = DISTRIBUTE_CHUNK + 1_001;
    const rows = Array.from({ length: total }, (_, i) => ({
      name: `Bulk ${i}`,
      mobile: String(6_000_000_000 + c.id * 100_000 + i),
      requirement: '',
      area: '',
    }));
    await insertLeads(db(), { subadminId: c.id, category: 'IndiaMART', batchId: null, visible: 1, now: new Date().toISOString() }, rows);
    const res = await distribute(session, { userIds: [a.id, b.id, head.id], count: total + 500, category: 'IndiaMART' });
    expect(res.data.assigned).toBe(total);
    expect(res.data.perUser.map((p: { assigned: number }) => p.assigned)).toEqual([3667, 3667, 3667]);
    const counts = await db()
      .selectFrom('leads')
      .select((eb) => ['telicaller_id', eb.fn.countAll().as('n')])
      .where('subadmin_id', '=', c.id)
      .groupBy('telicaller_id')
      .execute();
    expect(Object.fromEntries(counts.map((r) => [r.telicaller_id, Number(r.n)]))).toEqual({ [a.id]: 3667, [b.id]: 3667, [head.id]: 3667 });
    expect(await auditRows(c.id, 'distribute')).toHaveLength(1);

    for (const p of [b, head]) expect((await mutate(t.app, 'distribution.takeBack', { userId: p.id }, session)).data.returned).toBe(3667);
    const toOne = await distribute(session, { userIds: [a.id], count: MAX_DISTRIBUTE, category: null });
    expect(toOne.data.assigned).toBe(2 * 3667);
    const back = await mutate(t.app, 'distribution.takeBack', { userId: a.id }, session);
    expect(back.data.returned).toBe(total);
    expect((await query(t.app, 'distribution.pool', undefined, session)).data.total).toBe(total);
    expect(await auditRows(c.id, 'take_back')).toHaveLength(3);
  });

  it('never assigns or counts leads that are not visible yet', async () => {
    const { c, session, a } = await company();
    const hidden = await insertLeadRows(db(), c.id, many(3, { category: 'IndiaMART', visible: 0 }));
    const shown = await insertLeadRows(db(), c.id, many(2, { category: 'IndiaMART' }));
    const pool = await query(t.app, 'distribution.pool', undefined, session);
    expect(pool.data).toEqual({ categories: [{ category: 'IndiaMART', count: 2 }], total: 2 });
    const res = await distribute(session, { userIds: [a.id], count: 10, category: null });
    expect(res.data.assigned).toBe(2);
    expect(await assignedTo(c.id, a.id)).toEqual(shown);
    const rows = await leadsOf(c.id);
    expect(rows.filter((l) => hidden.includes(l.id)).every((l) => l.telicaller_id === null)).toBe(true);
  });

  it('lists the pool by category with its total, scoped to the company', async () => {
    const { c, session, a } = await company();
    const other = await company();
    await insertLeadRows(db(), c.id, [
      ...many(3, { category: 'IndiaMART' }),
      ...many(1, { category: 'JustDial' }),
      ...many(2, { category: 'Local Leads' }),
      ...many(4, { category: 'IndiaMART', telicaller_id: a.id }),
    ]);
    await insertLeadRows(db(), other.c.id, many(7, { category: 'Elsewhere' }));
    const pool = await query(t.app, 'distribution.pool', undefined, session);
    expect(pool.data).toEqual({
      categories: [
        { category: 'IndiaMART', count: 3 },
        { category: 'Local Leads', count: 2 },
        { category: 'JustDial', count: 1 },
      ],
      total: 6,
    });
    const empty = await company();
    expect((await query(t.app, 'distribution.pool', undefined, empty.session)).data).toEqual({ categories: [], total: 0 });
  });

  it("lists telecallers and heads with their untouched and today's leads", async () => {
    const { c, session, a, b, head } = await company();
    await insertUser(db(), c.id, 'Developer', { name: 'Dev' });
    const blocked = await insertUser(db(), c.id, 'Telicaller', { name: 'Zed', is_blocked: 1 });
    const gone = await insertUser(db(), c.id, 'Telicaller', { name: 'Gone' });
    await db().updateTable('users').set({ deleted_at: new Date().toISOString() }).where('id', '=', gone.id).execute();
    const other = await company();
    const old = '2020-01-01T10:00:00.000Z';
    await insertLeadRows(db(), c.id, [
      ...many(2, { telicaller_id: a.id }),
      { telicaller_id: a.id, status: LEAD_STATUS.interested },
      ...many(3, { telicaller_id: a.id, telicaller_send_date: old }),
      { telicaller_id: a.id, visible: 0 },
      ...many(2, { telicaller_id: blocked.id, telicaller_send_date: old }),
    ]);
    const res = await query(t.app, 'distribution.assignees', undefined, session);
    expect(res.status).toBe(200);
    const byName = Object.fromEntries(res.data.map((u: { name: string }) => [u.name, u]));
    expect(Object.keys(byName).sort()).toEqual(['Asha', 'Bilal', 'Chitra', 'Zed']);
    expect(byName.Asha).toMatchObject({ id: a.id, user_type: 'Telicaller', blocked: false, untouched: 5, sentToday: 3 });
    expect(byName.Bilal).toMatchObject({ id: b.id, untouched: 0, sentToday: 0 });
    expect(byName.Chitra).toMatchObject({ id: head.id, user_type: 'Telicaller-hade' });
    expect(byName.Zed).toMatchObject({ blocked: true, untouched: 2, sentToday: 0 });
    expect(JSON.stringify(res.data)).not.toMatch(/password|argon/);
    expect(res.data.map((u: { id: number }) => u.id)).not.toContain(other.a.id);
  });

  it('takes back only the untouched leads of that user, also from a blocked user', async () => {
    const { c, session, a, b } = await company();
    const untouched = await insertLeadRows(db(), c.id, many(3, { telicaller_id: a.id, category: 'IndiaMART' }));
    const jd = await insertLeadRows(db(), c.id, many(2, { telicaller_id: a.id, category: 'JustDial' }));
    const worked = await insertLeadRows(db(), c.id, [
      { telicaller_id: a.id, status: LEAD_STATUS.interested },
      { telicaller_id: a.id, status: LEAD_STATUS.followUp },
      { telicaller_id: a.id, status: LEAD_STATUS.noSubmit },
    ]);
    const bLeads = await insertLeadRows(db(), c.id, many(2, { telicaller_id: b.id }));
    await db().updateTable('users').set({ is_blocked: 1 }).where('id', '=', a.id).execute();

    const some = await mutate(t.app, 'distribution.takeBack', { userId: a.id, category: 'JustDial' }, session);
    expect(some.data).toEqual({ returned: 2, message: 'Returned 2 leads from Asha to the pool.' });
    const res = await mutate(t.app, 'distribution.takeBack', { userId: a.id }, session);
    expect(res.status).toBe(200);
    expect(res.data.returned).toBe(3);
    const rows = await leadsOf(c.id);
    for (const id of [...untouched, ...jd]) {
      expect(rows.find((l) => l.id === id)).toMatchObject({ telicaller_id: null, telicaller_send_date: null, status: '0' });
    }
    expect(await assignedTo(c.id, a.id)).toEqual(worked);
    expect(await assignedTo(c.id, b.id)).toEqual(bLeads);
    const again = await mutate(t.app, 'distribution.takeBack', { userId: a.id, category: null }, session);
    expect(again.data).toEqual({ returned: 0, message: 'Asha holds no untouched leads: nothing was returned.' });
    expect(await auditRows(c.id, 'take_back')).toHaveLength(2);
    // Returned leads are in the pool again.
    expect((await query(t.app, 'distribution.pool', undefined, session)).data.total).toBe(5);
  });

  it("answers NOT_FOUND for another company's user and changes nothing", async () => {
    const mine = await company();
    const other = await company();
    await insertLeadRows(db(), mine.c.id, many(3));
    const theirs = await insertLeadRows(db(), other.c.id, many(2, { telicaller_id: other.a.id }));
    const res = await distribute(mine.session, { userIds: [other.a.id], count: 2, category: null });
    expect(res.status).toBe(404);
    expect(res.error?.message).toBe('Telecaller not found.');
    const mixed = await distribute(mine.session, { userIds: [mine.a.id, other.a.id], count: 2, category: null });
    expect(mixed.status).toBe(404);
    expect((await leadsOf(mine.c.id)).every((l) => l.telicaller_id === null)).toBe(true);

    const back = await mutate(t.app, 'distribution.takeBack', { userId: other.a.id }, mine.session);
    expect(back.status).toBe(404);
    expect(await assignedTo(other.c.id, other.a.id)).toEqual(theirs);
    const missing = await distribute(mine.session, { userIds: [99_999_999], count: 1, category: null });
    expect(missing.status).toBe(404);
    expect(await auditRows(mine.c.id, 'distribute')).toHaveLength(0);
  });

  it('refuses developers, blocked and deleted users, and bad input, changing nothing', async () => {
    const { c, session, a } = await company();
    await insertLeadRows(db(), c.id, many(3));
    const dev = await insertUser(db(), c.id, 'Developer', { name: 'Dev' });
    const blocked = await insertUser(db(), c.id, 'Telicaller', { name: 'Zed', is_blocked: 1 });
    const gone = await insertUser(db(), c.id, 'Telicaller', { name: 'Gone' });
    await db().updateTable('users').set({ deleted_at: new Date().toISOString() }).where('id', '=', gone.id).execute();

    const devRes = await distribute(session, { userIds: [dev.id], count: 1, category: null });
    expect(devRes.status).toBe(400);
    expect(devRes.error?.message).toBe('Dev is a developer: leads go to telecallers and telecaller heads only.');
    const blockedRes = await distribute(session, { userIds: [a.id, blocked.id], count: 2, category: null });
    expect(blockedRes.status).toBe(400);
    expect(blockedRes.error?.message).toBe('Zed is blocked: unblock them before giving them leads.');
    expect((await distribute(session, { userIds: [gone.id], count: 1, category: null })).status).toBe(404);

    const bad: [unknown, string][] = [
      [{ userIds: [], count: 1, category: null }, 'Please select either a Telecaller or a Telecaller Head.'],
      [{ count: 1, category: null }, 'Please select either a Telecaller or a Telecaller Head.'],
      [{ userIds: [a.id, a.id], count: 1, category: null }, 'Each person can be chosen only once.'],
      [{ userIds: [a.id], category: null }, 'Enter the number of leads.'],
      [{ userIds: [a.id], count: 0, category: null }, 'Enter a number of leads from 1 to 50,000.'],
      [{ userIds: [a.id], count: MAX_DISTRIBUTE + 1, category: null }, 'Enter a number of leads from 1 to 50,000.'],
      [{ userIds: [a.id], count: 1.5, category: null }, 'The number of leads must be a whole number.'],
    ];
    for (const [input, message] of bad) {
      const res = await distribute(session, input);
      expect(res.status, JSON.stringify(input)).toBe(400);
      expect(res.error?.message).toBe(message);
    }
    expect((await leadsOf(c.id)).every((l) => l.telicaller_id === null)).toBe(true);
    expect(await auditRows(c.id, 'distribute')).toHaveLength(0);
  });

  it('lets only the sub-admin distribute, list and take back', async () => {
    const { c, a, head } = await company();
    await insertLeadRows(db(), c.id, many(2, { telicaller_id: a.id }));
    await insertLeadRows(db(), c.id, many(2));
    const admin = await insertAdmin(db());
    const others: Session[] = [
      await signIn(t.app, { kind: 'admin', email: admin.email, password: PASSWORD }),
      await signIn(t.app, { kind: 'user', mobile: a.mobile, password: PASSWORD }),
      await signIn(t.app, { kind: 'user', mobile: head.mobile, password: PASSWORD }),
    ];
    const calls: [string, 'query' | 'mutation', unknown][] = [
      ['distribution.pool', 'query', undefined],
      ['distribution.assignees', 'query', undefined],
      ['distribution.distribute', 'mutation', { userIds: [a.id], count: 1, category: null }],
      ['distribution.takeBack', 'mutation', { userId: a.id }],
    ];
    for (const [path, kind, input] of calls) {
      const call = kind === 'query' ? query : mutate;
      expect((await call(t.app, path, input, null)).status, path).toBe(401);
      for (const s of others) expect((await call(t.app, path, input, s)).status, path).toBe(403);
    }
    const rows = await leadsOf(c.id);
    expect(rows.filter((l) => l.telicaller_id === a.id)).toHaveLength(2);
    expect(rows.filter((l) => l.telicaller_id === null)).toHaveLength(2);
  });

  describe('legacy calls', () => {
    it("GET /unassignedLeads answers the total and categories; a head reads its company's count", async () => {
      const { c, session, a, head } = await company();
      await insertLeadRows(db(), c.id, [...many(2, { category: 'IndiaMART' }), { category: 'JustDial' }, { telicaller_id: a.id }, { visible: 0 }]);
      const res = await legacy(t.app, 'GET', '/unassignedLeads?user_type=Telicaller', session);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({
        status: true,
        total: 3,
        message: 'Unassigned leads fetched successfully.',
        categories: [
          { category: 'IndiaMART', count: 2 },
          { category: 'JustDial', count: 1 },
        ],
      });
      const headSession = await signIn(t.app, { kind: 'user', mobile: head.mobile, password: PASSWORD });
      const headRes = await legacy(t.app, 'GET', '/unassignedLeads?user_type=Telicaller-hade', headSession);
      expect(headRes.status).toBe(200);
      expect(headRes.body).toMatchObject({ status: true, total: 3 });
      const telecaller = await signIn(t.app, { kind: 'user', mobile: a.mobile, password: PASSWORD });
      expect((await legacy(t.app, 'GET', '/unassignedLeads', telecaller)).status).toBe(403);
      const empty = await company();
      expect((await legacy(t.app, 'GET', '/unassignedLeads', empty.session)).body).toEqual({
        status: true,
        total: 0,
        categories: [],
        message: 'No unassigned leads found',
      });
    });

    it("POST /distributeLeads maps the legacy category keys and answers in the original client's shape", async () => {
      const { c, session, a, b, head } = await company();
      const ids = await insertLeadRows(db(), c.id, [
        { category: 'Local Leads' },
        { category: 'IndiaMART' },
        { category: 'JustDial' },
        { category: 'IndiaMART' },
        { category: 'Local Leads' },
        { category: 'Manual list' },
      ]);
      const im = await legacy(t.app, 'POST', '/distributeLeads', session, { id: a.id, sendleads: '5', category: 'india_mart' });
      expect(im.status).toBe(200);
      expect(im.body).toEqual({
        status: true,
        success: true,
        message: 'Leads distributed successfully!',
        assigned: 2,
        requested: 5,
        detail: 'Assigned 2 of 5 requested to Asha: only 2 unassigned leads in IndiaMART.',
      });
      expect(await assignedTo(c.id, a.id)).toEqual([ids[1], ids[3]]);
      const local = await legacy(t.app, 'POST', '/distributeLeads', session, { id: String(b.id), sendleads: 1, category: 'local_leads' });
      expect(local.body).toMatchObject({ status: true, assigned: 1 });
      expect(await assignedTo(c.id, b.id)).toEqual([ids[0]]);
      const any = await legacy(t.app, 'POST', '/distributeLeads', session, { id: head.id, sendleads: 2, category: 'customer_data' });
      expect(any.body).toMatchObject({ status: true, assigned: 2 });
      expect(await assignedTo(c.id, head.id)).toEqual([ids[2], ids[4]]);
      const named = await legacy(t.app, 'POST', '/distributeLeads', session, { id: head.id, sendleads: 3, category: 'Manual list' });
      expect(named.body).toMatchObject({ status: true, assigned: 1 });

      const none = await legacy(t.app, 'POST', '/distributeLeads', session, { id: a.id, sendleads: 3, category: 'customer_data' });
      expect(none.status).toBe(400);
      expect(none.body).toEqual({ status: false, success: false, message: 'No unassigned leads in any category: nothing was assigned.' });
    });

    it("POST /distributeLeads refuses bad input and other companies' users in the failure shape", async () => {
      const { c, session, a } = await company();
      const other = await company();
      await insertLeadRows(db(), c.id, many(2));
      const cases: [unknown, number, string][] = [
        [{ sendleads: 1, category: 'india_mart' }, 400, 'Please select either a Telecaller or a Telecaller Head.'],
        [{ id: '', sendleads: 1, category: 'india_mart' }, 400, 'Please select either a Telecaller or a Telecaller Head.'],
        [{ id: a.id, category: 'india_mart' }, 400, 'Enter the number of leads.'],
        [{ id: a.id, sendleads: '', category: 'india_mart' }, 400, 'Enter the number of leads.'],
        [{ id: a.id, sendleads: 'ten', category: 'india_mart' }, 400, 'Enter the number of leads.'],
        [{ id: a.id, sendleads: '0', category: 'india_mart' }, 400, 'Enter a number of leads from 1 to 50,000.'],
        [{ id: a.id, sendleads: 1 }, 400, 'Select a category.'],
        [{ id: other.a.id, sendleads: 1, category: 'customer_data' }, 404, 'Telecaller not found.'],
      ];
      for (const [body, status, message] of cases) {
        const res = await legacy(t.app, 'POST', '/distributeLeads', session, body);
        expect(res.status, JSON.stringify(body)).toBe(status);
        expect(res.body).toEqual({ status: false, success: false, message });
      }
      expect((await leadsOf(c.id)).every((l) => l.telicaller_id === null)).toBe(true);
      const telecaller = await signIn(t.app, { kind: 'user', mobile: a.mobile, password: PASSWORD });
      expect((await legacy(t.app, 'POST', '/distributeLeads', telecaller, { id: a.id, sendleads: 1, category: 'customer_data' })).status).toBe(403);
      expect((await legacy(t.app, 'POST', '/distributeLeads', null, { id: a.id, sendleads: 1, category: 'customer_data' })).status).toBe(401);
      expect((await leadsOf(c.id)).every((l) => l.telicaller_id === null)).toBe(true);
    });
  });
});
