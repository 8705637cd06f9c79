import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { dialects } from './helpers/app.js';
import { team } from './helpers/company.js';
import { exotelAppFor } from './helpers/exotel-app.js';
import { insertUploadedLead } from './helpers/fixtures.js';
import type { Session } from './helpers/http.js';
import { storeTelephony } from './helpers/telephony.js';
import { nowIso } from '../server/db/dialect.js';

describe.each(dialects)('call recordings on %s', (dialect) => {
  const world = exotelAppFor(dialect);
  const db = () => world.t.deps.db;

  /** A company on the stand-in with one recorded call of its telecaller on a lead handed to its head. */
  async function recordedCompany(over: { headsHearTeam?: boolean; callersHearOwn?: boolean } = {}) {
    const { t, exotel } = world;
    const w = await team(t);
    await storeTelephony(t, w.company.id, 'exotel', exotel.settings(), over);
    const leadId = await insertUploadedLead(db(), w.company.id, { telicaller_id: w.caller.id, handler_id: w.head.id });
    const otherLead = await insertUploadedLead(db(), w.company.id, { telicaller_id: w.colleague.id });
    const callOn = async (lead: number, userId: number) => {
      const sid = `sid${Math.random().toString(36).slice(2, 12)}`;
      const row = await db()
        .insertInto('calls')
        .values({
          subadmin_id: w.company.id,
          provider: 'exotel',
          provider_call_id: sid,
          lead_id: lead,
          user_id: userId,
          direction: 'outbound',
          status: 'completed',
          from_number: '+918047112233',
          to_number: '+919811111111',
          placed_at: nowIso(),
          answered_at: nowIso(),
          ended_at: nowIso(),
          talk_seconds: 42,
          recording_ref: exotel.recordingUrl(sid),
          cost: null,
          cost_currency: null,
          dialer: 0,
          updated_at: nowIso(),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    };
    const callerCall = await callOn(leadId, w.caller.id);
    const colleagueCall = await callOn(otherLead, w.colleague.id);
    const headCall = await callOn(otherLead, w.head.id);
    return { ...w, callerCall, colleagueCall, headCall };
  }

  const hear = (callId: number | string, s: Session | null, headers: Record<string, string> = {}) =>
    world.t.app.inject({ method: 'GET', url: `/api/recordings/${callId}`, headers: { ...(s ? { cookie: s.cookie } : {}), ...headers } });
  const plays = async (callId: number) =>
    Number(
      (
        await db()
          .selectFrom('recording_plays')
          .select((e) => e.fn.countAll().as('n'))
          .where('call_id', '=', callId)
          .executeTakeFirstOrThrow()
      ).n,
    );

  it('streams the recording through the server to those the company lets hear it, and to nobody else', async () => {
    const { t, exotel } = world;
    const w = await recordedCompany();
    const allowed: [string, Session, number][] = [
      ['the company', w.owner, w.callerCall],
      ['the company', w.owner, w.colleagueCall],
      ['the caller, own call', w.caller.session, w.callerCall],
      ['the head, a call on a lead handed to them', w.head.session, w.callerCall],
      ['the head, own call', w.head.session, w.headCall],
    ];
    for (const [who, s, callId] of allowed) {
      const res = await hear(callId, s);
      expect(res.statusCode, who).toBe(200);
      expect(res.rawPayload.equals(exotel.recording), who).toBe(true);
      expect(res.headers['content-type']).toBe('audio/mpeg');
      expect(res.headers['content-length']).toBe(String(exotel.recording.length));
      expect(res.headers['accept-ranges']).toBe('bytes');
      // the provider's address is never given away
      expect(JSON.stringify(res.headers)).not.toContain(exotel.url);
    }
    const refused: [string, Session | null, number][] = [
      ['the caller, a colleague’s call', w.caller.session, w.colleagueCall],
      ['the colleague, the caller’s call', w.colleague.session, w.callerCall],
      ['the head, a call on a lead not handed to them', w.head.session, w.colleagueCall],
    ];
    for (const [who, s, callId] of refused) {
      const res = await hear(callId, s);
      expect(res.statusCode, who).toBe(404);
      expect(res.json()).toMatchObject({ status: false, message: 'Recording not found.' });
    }
    expect((await hear(w.callerCall, null)).statusCode).toBe(401);
    // a bearer token works as the cookie does
    expect((await hear(w.callerCall, null, { authorization: `Bearer ${w.caller.session.token}` })).statusCode).toBe(200);

    // another company's people are told it does not exist
    const other = await team(t);
    await storeTelephony(t, other.company.id, 'exotel', exotel.settings());
    for (const s of [other.owner, other.caller.session, other.head.session]) expect((await hear(w.callerCall, s)).statusCode).toBe(404);
    for (const id of ['0', 'abc', '99999999999999', '-1']) expect((await hear(id, w.owner)).statusCode).toBe(404);
  });

  it('follows the company’s choices: heads their team only when allowed, callers their own only when allowed', async () => {
    const w = await recordedCompany({ headsHearTeam: false, callersHearOwn: false });
    expect((await hear(w.callerCall, w.caller.session)).statusCode).toBe(404);
    expect((await hear(w.callerCall, w.head.session)).statusCode).toBe(404);
    expect((await hear(w.headCall, w.head.session)).statusCode).toBe(404);
    expect((await hear(w.callerCall, w.owner)).statusCode).toBe(200);
  });

  it('logs each play once (not each range a player asks for), and passes Range through', async () => {
    const { exotel } = world;
    const w = await recordedCompany();
    const before = exotel.requests.length;
    expect(await plays(w.callerCall)).toBe(0);
    expect((await hear(w.callerCall, w.caller.session)).statusCode).toBe(200);
    expect(await plays(w.callerCall)).toBe(1);

    const part = await hear(w.callerCall, w.caller.session, { range: 'bytes=100-199' });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 100-199/${exotel.recording.length}`);
    expect(part.rawPayload.equals(exotel.recording.subarray(100, 200))).toBe(true);
    expect(await plays(w.callerCall)).toBe(1);

    const again = await hear(w.callerCall, w.owner, { range: 'bytes=0-' });
    expect(again.statusCode).toBe(206);
    expect(await plays(w.callerCall)).toBe(2);
    const rows = await db().selectFrom('recording_plays').selectAll().where('call_id', '=', w.callerCall).orderBy('id').execute();
    expect(rows.map((r) => [r.subadmin_id, r.principal_kind, r.principal_id])).toEqual([
      [w.company.id, 'user', w.caller.id],
      [w.company.id, 'subadmin', w.company.id],
    ]);
    expect(exotel.requests.slice(before).map((r) => r.headers.range ?? null)).toEqual([null, 'bytes=100-199', 'bytes=0-']);

    expect((await hear(w.callerCall, w.caller.session, { range: `bytes=${exotel.recording.length + 10}-` })).statusCode).toBe(416);
    expect(await plays(w.callerCall)).toBe(2);

    // a compressed answer is passed on whole, without the compressed length
    const gzipped = gzipSync(exotel.recording);
    exotel.answerNext('recording', {
      status: 200,
      body: gzipped,
      headers: { 'Content-Type': 'audio/mpeg', 'Content-Encoding': 'gzip', 'Content-Length': String(gzipped.length) },
    });
    const zipped = await hear(w.callerCall, w.caller.session);
    expect(zipped.statusCode).toBe(200);
    expect(zipped.headers['content-length']).not.toBe(String(gzipped.length));
    expect(zipped.rawPayload.equals(exotel.recording)).toBe(true);
  });

  it('says clearly when the provider cannot give the recording, and logs no play', async () => {
    const { exotel } = world;
    const w = await recordedCompany();
    exotel.answerNext('recording', { status: 503, body: 'unavailable' });
    const down = await hear(w.callerCall, w.caller.session);
    expect(down.statusCode).toBe(502);
    expect(down.json().message).toMatch(/Exotel is not serving the recording right now/);
    exotel.answerNext('recording', { status: 200, hangUp: true });
    const gone = await hear(w.callerCall, w.caller.session);
    expect(gone.statusCode).toBe(502);
    expect(gone.json().message).toMatch(/could not be fetched/);
    // settings sealed with another server key: a recording that needs the keys says why it cannot play
    await db()
      .updateTable('telephony_settings')
      .set({ credentials: 'v1:AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA' })
      .where('subadmin_id', '=', w.company.id)
      .execute();
    exotel.answerNext('recording', { status: 401, body: { RestException: { Status: 401, Message: 'Authentication failed' } } });
    const locked = await hear(w.callerCall, w.owner);
    expect(locked.statusCode).toBe(502);
    expect(locked.json().message).toMatch(/cannot read the company’s provider settings/);
    // a company that moved to another provider: the recording is in the first one's account
    await db().updateTable('telephony_settings').set({ provider: 'twilio' }).where('subadmin_id', '=', w.company.id).execute();
    const moved = await hear(w.callerCall, w.owner);
    expect(moved.statusCode).toBe(502);
    expect(moved.json().message).toBe('This call was recorded through Exotel, which the company no longer uses: the recording is in that account.');
    expect(await plays(w.callerCall)).toBe(0);
  });
});
