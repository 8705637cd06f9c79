import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialects, testAppFor, type TestApp } from './helpers/app.js';
import { team } from './helpers/company.js';
import { insertCompany, insertUser } from './helpers/fixtures.js';
import { mutate, query } from './helpers/http.js';
import { storeTelephony } from './helpers/telephony.js';
import { ExotelStandin } from './helpers/exotel-standin.js';
import { PUBLIC_URL_MISSING } from '../server/services/telephony/settings.service.js';
import { secretBox } from '../server/services/telephony/secret-box.js';
import { normalizePhoneNumber, toE164 } from '../shared/mobile.js';
import { PHONE_INVALID } from '../shared/schemas/telephony-settings.js';

const PUBLIC_URL = 'https://crm.example.test';
const SECRET = 'tok-5ecret-never-in-a-browser';
const EXOTEL = { accountSid: 'acme1', apiKey: 'exo-key-1', apiToken: SECRET, cluster: 'mumbai' };

/** A save of the whole page, as the form sends it. */
const form = (over: Record<string, unknown> = {}) => ({
  provider: 'exotel',
  settings: { accountSid: 'acme1', apiKey: 'exo-key-1', apiToken: SECRET, cluster: 'mumbai' },
  callerIds: ['080-4711 2233'],
  record: true,
  headsHearTeam: true,
  callersHearOwn: false,
  dialerCountdownSeconds: 5,
  enabled: false,
  ...over,
});

// Exotel's API as documented (tests/helpers/exotel-standin.ts), for the credentials check on save.
let exotel: ExotelStandin;
const withExotel: Record<string, string> = { PUBLIC_URL };
beforeAll(async () => {
  exotel = await ExotelStandin.start({ accountSid: EXOTEL.accountSid, apiKey: EXOTEL.apiKey, apiToken: SECRET });
  withExotel.EXOTEL_API_URL = exotel.url;
});
afterAll(() => exotel?.close());
const lastCheck = () => exotel.requests.at(-1);

const settingsRow = (t: TestApp, companyId: number) =>
  t.deps.db.selectFrom('telephony_settings').selectAll().where('subadmin_id', '=', companyId).executeTakeFirst();

describe('phone numbers', () => {
  it('keeps an Indian number as its 10 digits and another country’s in E.164', () => {
    expect(normalizePhoneNumber('+91 98765 43210')).toBe('9876543210');
    expect(normalizePhoneNumber('080-4711 2233')).toBe('8047112233');
    expect(normalizePhoneNumber('011 2345 6789')).toBe('1123456789');
    expect(normalizePhoneNumber('+1 (415) 555-0100')).toBe('+14155550100');
    for (const bad of ['', '12345', '0000000000', '+0 1234 5678', 'call me', '+91 12345', '98765-4321x']) expect(normalizePhoneNumber(bad), bad).toBeNull();
    expect(toE164('8047112233')).toBe('+918047112233');
    expect(toE164('1123456789')).toBe('+911123456789');
    expect(toE164('+14155550100')).toBe('+14155550100');
  });
});

describe.each(dialects)('telephony settings on %s', (dialect) => {
  const t = testAppFor(dialect, withExotel);
  const bare = testAppFor(dialect);

  it('starts with no provider, and says whether PUBLIC_URL is set', async () => {
    const { owner } = await team(t);
    const res = await query(t.app, 'telephonySettings.get', undefined, owner);
    expect(res.status).toBe(200);
    expect(res.data).toEqual({
      provider: null,
      enabled: false,
      fields: {},
      credentialsUnreadable: false,
      callerIds: [],
      record: true,
      headsHearTeam: true,
      callersHearOwn: true,
      dialerCountdownSeconds: 5,
      checkedAt: null,
      publicUrlSet: true,
      callbacks: null,
    });
    const { owner: other } = await team(bare);
    expect((await query(bare.app, 'telephonySettings.get', undefined, other)).data).toMatchObject({ publicUrlSet: false });
  });

  it('reads back every value but the secret, of which only that it is set, and the callback addresses', async () => {
    const { company, owner } = await team(t);
    const token = await storeTelephony(t, company.id, 'exotel', EXOTEL, { callerIds: ['8047112233'], callersHearOwn: false, countdown: 9 });
    const res = await query(t.app, 'telephonySettings.get', undefined, owner);
    expect(res.status).toBe(200);
    expect(res.data).toMatchObject({
      provider: 'exotel',
      enabled: true,
      fields: { accountSid: { value: 'acme1' }, apiKey: { value: 'exo-key-1' }, apiToken: { set: true }, cluster: { value: 'mumbai' } },
      credentialsUnreadable: false,
      callerIds: ['8047112233'],
      callersHearOwn: false,
      dialerCountdownSeconds: 9,
      publicUrlSet: true,
      callbacks: { status: `${PUBLIC_URL}/api/telephony/exotel/${token}/status`, inbound: `${PUBLIC_URL}/api/telephony/exotel/${token}/inbound` },
    });
    // The whole answer, as the browser receives it.
    const raw = (await t.app.inject({ method: 'GET', url: '/trpc/telephonySettings.get', headers: { cookie: owner.cookie } })).body;
    expect(raw).toContain('exo-key-1');
    expect(raw).not.toContain(SECRET);
    expect(raw).not.toContain(SECRET.slice(4, 14));
  });

  it('says so when the stored credentials cannot be opened with this server’s key', async () => {
    const { company, owner } = await team(t);
    await storeTelephony(t, company.id, 'exotel', EXOTEL);
    await t.deps.db
      .updateTable('telephony_settings')
      .set({ credentials: 'v1:AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA' })
      .where('subadmin_id', '=', company.id)
      .execute();
    const res = await query(t.app, 'telephonySettings.get', undefined, owner);
    expect(res.data).toMatchObject({ credentialsUnreadable: true, fields: { apiToken: { set: false }, accountSid: { value: '' } } });
  });

  it('refuses a bad save with a clear message before asking the provider, and keeps nothing', async () => {
    const { company, owner } = await team(t);
    const cases: [Record<string, unknown>, string][] = [
      [{ provider: 'acme' }, 'Choose a provider.'],
      [{ callerIds: [] }, 'Enter at least one company number.'],
      [{ callerIds: ['12345'] }, PHONE_INVALID],
      [{ callerIds: Array.from({ length: 21 }, (_, i) => `98765432${String(i).padStart(2, '0')}`) }, 'Enter at most 20 company numbers.'],
      [{ dialerCountdownSeconds: 61 }, 'Enter at most 60 seconds.'],
      [{ dialerCountdownSeconds: -1 }, 'Enter 0 seconds or more.'],
      [{ dialerCountdownSeconds: 2.5 }, 'Enter whole seconds.'],
      [{ settings: { ...form().settings, apiToken: '' } }, 'API token is required.'],
      [{ settings: { ...form().settings, cluster: 'london' } }, 'Cluster'],
      [{ provider: 'twilio', settings: { accountSid: 'AC123', authToken: 'x' } }, 'Account SID must be AC followed by 32 hexadecimal characters.'],
    ];
    for (const [over, message] of cases) {
      const res = await mutate(t.app, 'telephonySettings.save', form(over), owner);
      expect(res.status, JSON.stringify(over)).toBe(400);
      expect(res.error?.message, JSON.stringify(over)).toContain(message);
    }
    expect(await settingsRow(t, company.id)).toBeUndefined();
  });

  it('refuses to turn calls on without PUBLIC_URL, with what to do', async () => {
    const { company, owner } = await team(bare);
    const res = await mutate(bare.app, 'telephonySettings.save', form({ enabled: true }), owner);
    expect(res.status).toBe(400);
    expect(res.error?.message).toBe(PUBLIC_URL_MISSING);
    expect(await settingsRow(bare, company.id)).toBeUndefined();
  });

  it('turns calls off and keeps the settings', async () => {
    const { company, owner } = await team(t);
    expect((await mutate(t.app, 'telephonySettings.disable', undefined, owner)).status).toBe(404);
    const token = await storeTelephony(t, company.id, 'exotel', EXOTEL);
    const before = (await settingsRow(t, company.id))!;
    const res = await mutate(t.app, 'telephonySettings.disable', undefined, owner);
    expect(res.status).toBe(200);
    expect(res.data).toMatchObject({ enabled: false, provider: 'exotel', fields: { apiToken: { set: true } } });
    const after = (await settingsRow(t, company.id))!;
    expect(after).toMatchObject({ enabled: 0, credentials: before.credentials, hook_token: token, caller_ids: before.caller_ids });
  });

  it("lists the company's telecallers and heads with the phone each rings, and sets it", async () => {
    const { company, owner, caller, colleague, head } = await team(t);
    const developer = await insertUser(t.deps.db, company.id, 'Developer');
    const gone = await insertUser(t.deps.db, company.id, 'Telicaller');
    await t.deps.db.updateTable('users').set({ deleted_at: '2026-01-01T00:00:00.000Z' }).where('id', '=', gone.id).execute();
    const list = await query(t.app, 'telephonySettings.callPhones', undefined, owner);
    expect(list.status).toBe(200);
    expect((list.data as { id: number }[]).map((r) => r.id).sort((a, b) => a - b)).toEqual([caller.id, colleague.id, head.id].sort((a, b) => a - b));
    expect(list.data).toContainEqual({ id: head.id, name: 'Chetan Head', userType: 'Telicaller-hade', mobile: head.mobile, callPhone: null });

    const set = await mutate(t.app, 'telephonySettings.setCallPhone', { userId: caller.id, callPhone: '+91 80 4711 9900' }, owner);
    expect(set.status).toBe(200);
    expect(set.data).toEqual({ userId: caller.id, callPhone: '8047119900' });
    const row = () => t.deps.db.selectFrom('users').select('call_phone').where('id', '=', caller.id).executeTakeFirstOrThrow();
    expect((await row()).call_phone).toBe('8047119900');

    const bad = await mutate(t.app, 'telephonySettings.setCallPhone', { userId: caller.id, callPhone: '12-34' }, owner);
    expect(bad.status).toBe(400);
    expect(bad.error?.message).toBe(PHONE_INVALID);
    expect((await row()).call_phone).toBe('8047119900');

    expect((await mutate(t.app, 'telephonySettings.setCallPhone', { userId: caller.id, callPhone: null }, owner)).data).toEqual({
      userId: caller.id,
      callPhone: null,
    });
    expect((await row()).call_phone).toBeNull();

    // Not a telecaller or head, deleted, or another company's: not found, nothing changes.
    const stranger = await insertUser(t.deps.db, (await insertCompany(t.deps.db)).id, 'Telicaller');
    for (const userId of [developer.id, gone.id, stranger.id]) {
      const res = await mutate(t.app, 'telephonySettings.setCallPhone', { userId, callPhone: '9876543210' }, owner);
      expect(res.status, String(userId)).toBe(404);
      expect(res.error?.data?.code).toBe('NOT_FOUND');
      expect((await t.deps.db.selectFrom('users').select('call_phone').where('id', '=', userId).executeTakeFirstOrThrow()).call_phone).toBeNull();
    }
    const audit = await t.deps.db
      .selectFrom('audit_log')
      .select(['entity', 'entity_id', 'detail'])
      .where('subadmin_id', '=', company.id)
      .where('entity', '=', 'call_phone')
      .execute();
    expect(audit.map((a) => [a.entity_id, JSON.parse(a.detail!)])).toEqual([
      [caller.id, { callPhone: '8047119900' }],
      [caller.id, { callPhone: null }],
    ]);
  });

  it('checks the credentials with the provider: a refusal is its message and nothing is kept', async () => {
    const { company, owner } = await team(t);
    const res = await mutate(t.app, 'telephonySettings.save', form({ settings: { ...form().settings, apiToken: 'wrong-token' } }), owner);
    expect(res.status).toBe(400);
    expect(res.error?.message).toBeTruthy();
    expect(res.error?.message).not.toMatch(/Something went wrong|wrong-token/);
    expect(res.error?.message).toBe('Exotel did not accept the API key and token.');
    expect(lastCheck()).toMatchObject({
      method: 'GET',
      path: `/v1/Accounts/${EXOTEL.accountSid}/Calls.json`,
      auth: { user: EXOTEL.apiKey, password: 'wrong-token' },
      status: 401,
    });
    expect(await settingsRow(t, company.id)).toBeUndefined();
    expect(
      await t.deps.db.selectFrom('audit_log').select('id').where('subadmin_id', '=', company.id).where('entity', '=', 'telephony_settings').execute(),
    ).toEqual([]);
  });

  it('says so when the provider is down or does not know the account, and keeps nothing', async () => {
    const { company, owner } = await team(t);
    exotel.answerNext('check', { status: 503 });
    const down = await mutate(t.app, 'telephonySettings.save', form(), owner);
    expect(down.status).toBe(400);
    expect(down.error?.message).toBe('Exotel is not working right now (it answered 503); try again in a minute.');
    exotel.answerNext('check', { status: 0, hangUp: true });
    const cut = await mutate(t.app, 'telephonySettings.save', form(), owner);
    expect(cut.status).toBe(400);
    expect(cut.error?.message).toBe('Exotel could not be reached from the server (a network problem).');
    const wrongSid = await mutate(t.app, 'telephonySettings.save', form({ settings: { ...form().settings, accountSid: 'someone-else' } }), owner);
    expect(wrongSid.status).toBe(400);
    expect(wrongSid.error?.message).toContain('Exotel does not know this account SID');
    expect(await settingsRow(t, company.id)).toBeUndefined();
  });

  it('keeps accepted settings sealed, with one hook token; a blank secret keeps the stored one', async () => {
    const { company, owner } = await team(t);
    const res = await mutate(t.app, 'telephonySettings.save', form({ enabled: true }), owner);
    expect(res.status).toBe(200);
    expect(res.data).toMatchObject({
      provider: 'exotel',
      enabled: true,
      callerIds: ['8047112233'],
      fields: { apiToken: { set: true } },
      callersHearOwn: false,
    });
    expect(JSON.stringify(res.data)).not.toContain(SECRET);
    expect(lastCheck()).toMatchObject({
      method: 'GET',
      path: `/v1/Accounts/${EXOTEL.accountSid}/Calls.json`,
      auth: { user: EXOTEL.apiKey, password: SECRET },
      status: 200,
    });
    const row = (await settingsRow(t, company.id))!;
    expect(row).toMatchObject({
      provider: 'exotel',
      enabled: 1,
      caller_ids: '["8047112233"]',
      record_calls: 1,
      heads_hear_team: 1,
      callers_hear_own: 0,
      dialer_countdown_seconds: 5,
    });
    expect(row.credentials).not.toContain(SECRET);
    expect(JSON.parse((await secretBox(t.deps.config)).open(row.credentials))).toEqual(EXOTEL);
    expect(row.hook_token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(row.checked_at).toBeTruthy();

    // Saved again with the secret blank: the stored one is used, and the callback addresses stay.
    const again = await mutate(t.app, 'telephonySettings.save', form({ settings: { ...form().settings, apiToken: '' }, dialerCountdownSeconds: '12' }), owner);
    expect(again.status).toBe(200);
    expect(lastCheck()).toMatchObject({ auth: { user: EXOTEL.apiKey, password: SECRET }, status: 200 });
    const after = (await settingsRow(t, company.id))!;
    expect(after).toMatchObject({ hook_token: row.hook_token, dialer_countdown_seconds: 12 });
    expect(JSON.parse((await secretBox(t.deps.config)).open(after.credentials))).toEqual(EXOTEL);

    // Another provider needs all its fields.
    const twilio = await mutate(
      t.app,
      'telephonySettings.save',
      form({ provider: 'twilio', settings: { accountSid: `AC${'0'.repeat(32)}`, authToken: '' } }),
      owner,
    );
    expect(twilio.status).toBe(400);
    expect(twilio.error?.message).toBe('Auth token is required.');
    expect(await settingsRow(t, company.id)).toEqual(after);

    const audit = await t.deps.db
      .selectFrom('audit_log')
      .select('detail')
      .where('subadmin_id', '=', company.id)
      .where('entity', '=', 'telephony_settings')
      .orderBy('id')
      .execute();
    expect(audit.map((a) => a.detail).join('')).not.toContain(SECRET);
    expect(audit.map((a) => JSON.parse(a.detail!))).toEqual([
      expect.objectContaining({ provider: 'exotel', accountSid: 'acme1', apiKey: 'exo-key-1', secretsChanged: ['apiToken'], enabled: true }),
      expect.objectContaining({ dialerCountdownSeconds: 12, secretsChanged: [] }),
    ]);
  });

  it('is the sub-admin’s alone', async () => {
    const { caller, head } = await team(t);
    for (const s of [caller.session, head.session]) {
      expect((await query(t.app, 'telephonySettings.get', undefined, s)).status).toBe(403);
      expect((await mutate(t.app, 'telephonySettings.setCallPhone', { userId: caller.id, callPhone: null }, s)).status).toBe(403);
    }
  });
});
