import { describe, expect, it } from 'vitest';
import { dialects, testAppFor } from './helpers/app.js';
import { callerWithNewLeads } from './helpers/company.js';
import { mutate } from './helpers/http.js';
import { timeIn, todayIn } from '../shared/dates.js';
import { LEAD_STATUS } from '../shared/lead-status.js';

// A phone sends a submission again when it was offline or the answer was lost on the way back:
// each submission carries a key the phone made, and the server applies each key once.
describe.each(dialects)('submissions sent again on %s', (dialect) => {
  const t = testAppFor(dialect);

  const db = () => t.deps.db;
  let n = 0;
  const keyOf = () => `k${Date.now().toString(36)}${(++n).toString(36)}phone`;

  const caller = () => callerWithNewLeads(t, 3);
  const history = (leadId: number) => db().selectFrom('lead_history').selectAll().where('lead_id', '=', leadId).orderBy('id').execute();
  const lead = (leadId: number) => db().selectFrom('leads').selectAll().where('id', '=', leadId).executeTakeFirstOrThrow();

  it('applies a lead-form submission once, and answers a repeat as the first time with its next lead', async () => {
    const c = await caller();
    const key = keyOf();
    const form = { leadId: c.leads[0], queue: 'new', status: LEAD_STATUS.notInterested, feedback: 'Not Relevant Lead', call_duration: 42, client_key: key };
    const first = await mutate(t.app, 'work.submit', form, c.session);
    expect(first.status, JSON.stringify(first.error)).toBe(200);
    expect(first.data).toMatchObject({ status: '3', nextId: c.leads[1] });
    expect(first.data.replayed).toBeUndefined();

    // The lead changes meanwhile (the telecaller works it again); the repeat changes nothing.
    await mutate(t.app, 'work.submit', { leadId: c.leads[0], status: LEAD_STATUS.interested, feedback: 'Running' }, c.session);
    const again = await mutate(t.app, 'work.submit', form, c.session);
    expect(again.status).toBe(200);
    expect(again.data).toEqual({ status: '3', nextId: c.leads[1], replayed: true });
    expect((await lead(c.leads[0]!)).status).toBe('2');
    expect((await history(c.leads[0]!)).map((h) => [h.status, h.call_duration])).toEqual([
      ['3', 42],
      ['2', 0],
    ]);
  });

  it('stores one of two identical submissions sent at once', async () => {
    const c = await caller();
    const form = { leadId: c.leads[0], status: LEAD_STATUS.notInterested, feedback: 'Not Relevant Lead', call_duration: 10, client_key: keyOf() };
    const answers = await Promise.all([1, 2, 3].map(() => mutate(t.app, 'work.submit', form, c.session)));
    for (const a of answers) expect(a.status, JSON.stringify(a.error)).toBe(200);
    expect(answers.filter((a) => a.data.replayed).length).toBe(2);
    expect(await history(c.leads[0]!)).toHaveLength(1);
  });

  it('counts a not-connected attempt once', async () => {
    const c = await caller();
    const attempt = { leadId: c.leads[0], outcome: 'busy', call_duration: 5, client_key: keyOf() };
    const first = await mutate(t.app, 'work.notConnected', attempt, c.session);
    expect(first.status, JSON.stringify(first.error)).toBe(200);
    const again = await mutate(t.app, 'work.notConnected', attempt, c.session);
    expect(again.data).toEqual({ ...first.data, replayed: true });
    expect((await lead(c.leads[0]!)).attempts).toBe(1);
    expect(await history(c.leads[0]!)).toHaveLength(1);
  });

  it("keeps each telecaller's keys apart, and refuses a malformed key", async () => {
    const a = await caller();
    const b = await caller();
    const key = keyOf();
    const submit = (p: typeof a) =>
      mutate(t.app, 'work.submit', { leadId: p.leads[0], status: LEAD_STATUS.notInterested, feedback: 'Not Relevant Lead', client_key: key }, p.session);
    expect((await submit(a)).data.replayed).toBeUndefined();
    expect((await submit(b)).data.replayed).toBeUndefined();
    expect(await history(b.leads[0]!)).toHaveLength(1);
    const bad = await mutate(
      t.app,
      'work.submit',
      { leadId: a.leads[1], status: LEAD_STATUS.notInterested, feedback: 'Not Relevant Lead', client_key: 'short' },
      a.session,
    );
    expect(bad.status).toBe(400);
    expect(bad.error?.message).toBe('The submission key is not valid.');
    expect(await history(a.leads[1]!)).toHaveLength(0);
  });

  it('records a submission that waited in the outbox at the time it was made', async () => {
    const c = await caller();
    // A fixed-offset zone where it is now 12:00-12:59, so that two hours ago is the same day there.
    const ahead = 12 - new Date().getUTCHours();
    const zone = ahead === 0 ? 'Etc/GMT' : `Etc/GMT${ahead > 0 ? '-' : '+'}${Math.abs(ahead)}`;
    await db().updateTable('subadmins').set({ time_zone: zone }).where('id', '=', c.company.id).execute();
    const madeAt = new Date(Date.now() - 2 * 3600_000);
    // A callback for an hour ago was an hour ahead when the telecaller chose it two hours ago.
    const hourAgo = new Date(Date.now() - 3600_000);
    const submitCallback = (leadId: number | undefined, extra: Record<string, unknown> = {}) =>
      mutate(
        t.app,
        'work.submit',
        {
          leadId,
          status: LEAD_STATUS.followUp,
          feedback: 'Follow-up Option',
          callback: true,
          callback_date: todayIn(zone, hourAgo),
          callback_time: timeIn(zone, hourAgo),
          client_key: keyOf(),
          ...extra,
        },
        c.session,
      );
    const late = await submitCallback(c.leads[0], { made_at: madeAt.toISOString() });
    expect(late.status, JSON.stringify(late.error)).toBe(200);
    expect((await history(c.leads[0]!))[0]!.created_at).toBe(madeAt.toISOString());
    // Sent now without the time it was made, the same callback is in the past.
    const now = await submitCallback(c.leads[1]);
    expect(now.status).toBe(400);
    // Believed only within a day and not ahead of the server: otherwise the server's time.
    for (const [leadId, phone] of [
      [c.leads[1], new Date(Date.now() - 3 * 86_400_000)],
      [c.leads[2], new Date(Date.now() + 3600_000)],
    ] as const) {
      const before = Date.now();
      const res = await mutate(
        t.app,
        'work.submit',
        { leadId, status: LEAD_STATUS.notInterested, feedback: 'Not Relevant Lead', client_key: keyOf(), made_at: phone.toISOString() },
        c.session,
      );
      expect(res.status).toBe(200);
      const at = Date.parse((await history(leadId!))[0]!.created_at);
      expect(at).toBeGreaterThanOrEqual(before - 5);
      expect(at).toBeLessThanOrEqual(Date.now() + 5);
    }
  });
});
