import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialects, testAppFor } from './helpers/app.js';
import { team } from './helpers/company.js';
import { insertUploadedLead, uniqueMobile } from './helpers/fixtures.js';
import { mutate } from './helpers/http.js';
import { storeTelephony } from './helpers/telephony.js';
import { deliverByInject, TwilioStandin } from './helpers/twilio-standin.js';
import { nowIso } from '../server/db/dialect.js';
import { priceEndedCalls } from '../server/services/telephony/call-costs.service.js';
import { secretBox } from '../server/services/telephony/secret-box.js';
import { LEAD_STATUS } from '../shared/lead-status.js';

/*
 * A call's cost asked of Twilio after the call ended (docs/telephony.md#calls-are-facts): the Call
 * resource of the call the API placed, and of the leg its <Dial> made, fetched with the official
 * package from the stand-in; the maintenance round runs with a clock the test sets.
 */

const PUBLIC_URL = 'https://crm.example.com';
const COMPANY_NUMBER = '+14155550100';

describe.each(dialects)('call costs from Twilio on %s', (dialect) => {
  const env: Record<string, string> = { PUBLIC_URL };
  let standin: TwilioStandin;
  beforeAll(async () => {
    standin = await TwilioStandin.start({ deliver: deliverByInject(() => t.app, PUBLIC_URL) });
    env.TWILIO_API_URL = standin.url;
  });
  const t = testAppFor(dialect, env);
  afterAll(() => standin?.close());
  const db = () => t.deps.db;
  const callRow = (id: number) => db().selectFrom('calls').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const minutes = (n: number) => n * 60_000;
  const roundAt = (at: number) => priceEndedCalls(t.deps, new Date(at));

  /** A company on Twilio and a call through it that ended: a conversation of 61 s, or the lead not answering. */
  async function endedCall(how: 'talked' | 'unanswered' = 'talked') {
    const w = await team(t);
    const account = standin.addAccount({ numbers: [COMPANY_NUMBER] });
    await storeTelephony(t, w.company.id, 'twilio', { accountSid: account.sid, authToken: account.token }, { callerIds: [COMPANY_NUMBER], record: false });
    await db().updateTable('users').set({ call_phone: uniqueMobile() }).where('id', '=', w.caller.id).execute();
    const leadId = await insertUploadedLead(db(), w.company.id, {
      mobile: uniqueMobile(),
      telicaller_id: w.caller.id,
      telicaller_send_date: nowIso(),
      status: LEAD_STATUS.noSubmit,
    });
    const res = await mutate(t.app, 'telephony.placeCall', { leadId }, w.caller.session);
    expect(res.status, JSON.stringify(res.error)).toBe(200);
    const callId: number = res.data.id;
    const sid = (await callRow(callId)).provider_call_id!;
    await standin.ringAgent(sid);
    await standin.agentPicksUp(sid);
    if (how === 'talked') {
      await standin.leadAnswers(sid);
      await standin.hangUp(sid, 61);
    } else await standin.leadUnanswered(sid, 'no-answer');
    const row = await callRow(callId);
    expect(row).toMatchObject({ status: how === 'talked' ? 'completed' : 'no_answer', cost: null });
    return { ...w, account, callId, sid, endedAt: Date.parse(row.ended_at!) };
  }
  const asked = (sid: string) => standin.requests.filter((r) => r.path.endsWith(`/Calls/${sid}.json`) || r.query.get('ParentCallSid') === sid);

  it('asks again while Twilio’s price is null, then keeps both legs’ charges as one positive cost in their currency', async () => {
    const c = await endedCall();
    const first = c.endedAt + minutes(6);
    await roundAt(first);
    const [call, legs] = asked(c.sid);
    expect(call).toMatchObject({ method: 'GET', path: `/2010-04-01/Accounts/${c.account.sid}/Calls/${c.sid}.json`, status: 200 });
    expect(call!.auth).toEqual({ user: c.account.sid, password: c.account.token });
    expect(legs).toMatchObject({ method: 'GET', path: `/2010-04-01/Accounts/${c.account.sid}/Calls.json`, status: 200 });
    expect(legs!.query.get('ParentCallSid')).toBe(c.sid);
    expect(legs!.auth).toEqual({ user: c.account.sid, password: c.account.token });
    expect(await callRow(c.callId)).toMatchObject({ cost: null, cost_currency: null, cost_checks: 1 });

    // Twilio priced the telecaller's leg, not yet the lead's: still not priced
    standin.priceCall(c.sid, { parent: '-0.01350', child: null, unit: 'USD' });
    await roundAt(first + minutes(5));
    expect(await callRow(c.callId)).toMatchObject({ cost: null, cost_checks: 2 });

    standin.priceCall(c.sid, { parent: '-0.01350', child: '-0.0425', unit: 'USD' });
    await roundAt(first + minutes(5) + minutes(10));
    expect(await callRow(c.callId)).toMatchObject({ cost: '0.05600', cost_currency: 'USD', cost_checks: 3 });
    expect(asked(c.sid)).toHaveLength(6);
  });

  it('a call the lead did not answer costs what the telecaller’s leg cost', async () => {
    const c = await endedCall('unanswered');
    standin.priceCall(c.sid, { parent: '-0.0040', child: null, unit: 'GBP' });
    await roundAt(c.endedAt + minutes(6));
    expect(await callRow(c.callId)).toMatchObject({ cost: '0.0040', cost_currency: 'GBP', cost_checks: 1 });
  });

  it('counts an ask Twilio refused, keeps no cost, and prices another company’s call in the same round', async () => {
    const failing = await endedCall();
    const other = await endedCall();
    standin.priceCall(failing.sid, { parent: '-0.01', child: '-0.02' });
    standin.priceCall(other.sid, { parent: '-0.01', child: '-0.02' });
    // the company's auth token was changed at Twilio since the call: Twilio answers 401
    const box = await secretBox(t.deps.config);
    await db()
      .updateTable('telephony_settings')
      .set({ credentials: box.seal(JSON.stringify({ accountSid: failing.account.sid, authToken: 'f'.repeat(32) })) })
      .where('subadmin_id', '=', failing.company.id)
      .execute();
    const round = await roundAt(other.endedAt + minutes(6));
    expect(round.failed).toBe(1);
    expect(asked(failing.sid).map((r) => r.status)).toEqual([401]);
    expect(await callRow(failing.callId)).toMatchObject({ cost: null, cost_checks: 1 });
    expect(await callRow(other.callId)).toMatchObject({ cost: '0.03', cost_currency: 'USD', cost_checks: 1 });
  });
});
