import { describe, expect, it } from 'vitest';
import { dialects } from './helpers/app.js';
import { team } from './helpers/company.js';
import { exotelAppFor } from './helpers/exotel-app.js';
import { insertUploadedLead } from './helpers/fixtures.js';
import { mutate } from './helpers/http.js';
import { insertCallFact, storeTelephony } from './helpers/telephony.js';
import { MAX_COST_CHECKS, priceEndedCalls } from '../server/services/telephony/call-costs.service.js';
import { LEAD_STATUS } from '../shared/lead-status.js';

/*
 * A call's cost asked of Exotel's Call Details after the call ended (docs/telephony.md#calls-are-facts):
 * the maintenance round runs with a clock the test sets, against the Exotel stand-in over HTTP.
 */
describe.each(dialects)('call costs from Exotel on %s', (dialect) => {
  const world = exotelAppFor(dialect);
  const db = () => world.t.deps.db;
  const callRow = (id: number) => db().selectFrom('calls').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const minutes = (n: number) => n * 60_000;
  const detailsOf = (sid: string) => world.exotel.requests.filter((r) => r.path.endsWith(`/Calls/${sid}.json`));

  /** A company on Exotel, and a call through it that the lead answered and that ended (42 s). */
  async function endedCall(over: { enabled?: boolean } = {}) {
    const { t, exotel } = world;
    const w = await team(t);
    await storeTelephony(t, w.company.id, 'exotel', exotel.settings(), { callerIds: ['+918047112233'], enabled: over.enabled });
    const lead = await insertUploadedLead(db(), w.company.id, { telicaller_id: w.caller.id, status: LEAD_STATUS.noSubmit });
    if (over.enabled === false) await db().updateTable('telephony_settings').set({ enabled: 1 }).where('subadmin_id', '=', w.company.id).execute();
    const res = await mutate(t.app, 'telephony.placeCall', { leadId: lead }, w.caller.session);
    expect(res.status, JSON.stringify(res.error)).toBe(200);
    const callId: number = res.data.id;
    const sid = (await callRow(callId)).provider_call_id!;
    expect((await exotel.callback(sid, { answered: 42 })).status).toBe(200);
    if (over.enabled === false) await db().updateTable('telephony_settings').set({ enabled: 0 }).where('subadmin_id', '=', w.company.id).execute();
    const row = await callRow(callId);
    expect(row).toMatchObject({ status: 'completed', cost: null, cost_checks: 0 });
    return { ...w, callId, sid, endedAt: Date.parse(row.ended_at!) };
  }
  const roundAt = (at: number) => priceEndedCalls(world.t.deps, new Date(at));

  it('asks Exotel’s Call Details for the price five minutes after the end, and keeps it as the call’s cost in INR', async () => {
    const { exotel } = world;
    const c = await endedCall();
    exotel.priceCall(c.sid, '1.20');

    await roundAt(c.endedAt + minutes(4));
    expect(detailsOf(c.sid)).toHaveLength(0);
    expect(await callRow(c.callId)).toMatchObject({ cost: null, cost_checks: 0, cost_check_after: null });

    await roundAt(c.endedAt + minutes(5) + 1000);
    const [asked] = detailsOf(c.sid);
    expect(asked).toMatchObject({ method: 'GET', path: `/v1/Accounts/${exotel.credentials.accountSid}/Calls/${c.sid}.json`, status: 200 });
    expect(asked!.auth).toEqual({ user: exotel.credentials.apiKey, password: exotel.credentials.apiToken });
    expect(await callRow(c.callId)).toMatchObject({ cost: '1.20', cost_currency: 'INR', cost_checks: 1 });

    // priced: never asked again
    await roundAt(c.endedAt + minutes(60));
    expect(detailsOf(c.sid)).toHaveLength(1);
  });

  it('asks again later while Exotel has not priced the call, with longer waits between asks', async () => {
    const { exotel } = world;
    const c = await endedCall();
    const first = c.endedAt + minutes(6);
    await roundAt(first);
    expect(await callRow(c.callId)).toMatchObject({ cost: null, cost_checks: 1, cost_check_after: new Date(first + minutes(5)).toISOString() });
    // not before its next ask is due
    await roundAt(first + minutes(4));
    expect(detailsOf(c.sid)).toHaveLength(1);
    exotel.priceCall(c.sid, '0.60');
    await roundAt(first + minutes(5));
    expect(detailsOf(c.sid)).toHaveLength(2);
    expect(await callRow(c.callId)).toMatchObject({ cost: '0.60', cost_currency: 'INR', cost_checks: 2 });
  });

  it('counts an ask Exotel refused or did not answer, keeps no cost, and stops after the last ask', async () => {
    const { exotel } = world;
    const c = await endedCall();
    exotel.answerNext('details', { status: 503, body: { RestException: { Status: 503, Message: 'Service Unavailable' } } });
    let at = c.endedAt + minutes(6);
    const round = await roundAt(at);
    expect(round.failed).toBeGreaterThanOrEqual(1);
    expect(detailsOf(c.sid).map((r) => r.status)).toEqual([503]);
    expect(await callRow(c.callId)).toMatchObject({ cost: null, cost_checks: 1 });

    exotel.answerNext('details', { status: 200, hangUp: true });
    for (let checks = 1; checks < MAX_COST_CHECKS; checks++) {
      at += minutes(5) * 2 ** (checks - 1);
      await roundAt(at);
      expect((await callRow(c.callId)).cost_checks).toBe(checks + 1);
    }
    // the dropped connection counted too (-1), then Exotel had no price yet
    expect(detailsOf(c.sid).map((r) => r.status)).toEqual([503, -1, 200, 200, 200, 200]);
    // priced now, but it was asked as often as it will be
    exotel.priceCall(c.sid, '1.20');
    await roundAt(at + minutes(600));
    expect(detailsOf(c.sid)).toHaveLength(MAX_COST_CHECKS);
    expect(await callRow(c.callId)).toMatchObject({ cost: null, cost_checks: MAX_COST_CHECKS });
  });

  it('asks nobody for a company whose calling is off or whose settings cannot be read, and prices the others', async () => {
    const { exotel } = world;
    const off = await endedCall({ enabled: false });
    const unreadable = await endedCall();
    await db().updateTable('telephony_settings').set({ credentials: 'sealed-with-another-key' }).where('subadmin_id', '=', unreadable.company.id).execute();
    const priced = await endedCall();
    for (const c of [off, unreadable, priced]) exotel.priceCall(c.sid, '2.40');

    await roundAt(priced.endedAt + minutes(6));
    expect(detailsOf(off.sid)).toHaveLength(0);
    expect(detailsOf(unreadable.sid)).toHaveLength(0);
    expect(await callRow(off.callId)).toMatchObject({ cost: null, cost_checks: 1 });
    expect(await callRow(unreadable.callId)).toMatchObject({ cost: null, cost_checks: 1 });
    expect(await callRow(priced.callId)).toMatchObject({ cost: '2.40', cost_currency: 'INR' });
  });

  it('leaves calls alone that are still on, were never placed, ended over two days ago or have a cost', async () => {
    const { exotel, t } = world;
    const w = await team(t);
    await storeTelephony(t, w.company.id, 'exotel', exotel.settings());
    const now = Date.now();
    const ago = (ms: number) => new Date(now - ms).toISOString();
    const open = await insertCallFact(db(), w.company.id, { status: 'in_progress', placed_at: ago(minutes(30)) });
    const unplaced = await insertCallFact(db(), w.company.id, { status: 'failed', provider_call_id: null, ended_at: ago(minutes(30)) });
    const old = await insertCallFact(db(), w.company.id, { status: 'completed', ended_at: ago(minutes(3 * 24 * 60)) });
    const known = await insertCallFact(db(), w.company.id, { status: 'completed', ended_at: ago(minutes(30)), cost: '0.90', cost_currency: 'INR' });
    const before = exotel.requests.length;
    await priceEndedCalls(t.deps, new Date(now));
    const asked = exotel.requests.slice(before).map((r) => r.path);
    for (const id of [open, unplaced, old, known]) {
      const row = await callRow(id);
      expect(asked.some((p) => row.provider_call_id && p.includes(row.provider_call_id))).toBe(false);
    }
    expect(await callRow(open)).toMatchObject({ cost: null, cost_checks: 0 });
    expect(await callRow(unplaced)).toMatchObject({ cost: null, cost_checks: 0 });
    // too old to ask: it leaves the index of calls to price
    expect(await callRow(old)).toMatchObject({ cost: null, cost_checks: MAX_COST_CHECKS });
    expect(await callRow(known)).toMatchObject({ cost: '0.90', cost_checks: 0 });
  });
});
