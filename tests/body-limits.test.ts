import { describe, expect, it } from 'vitest';
import { dialects, testAppFor } from './helpers/app.js';
import { signedInSubadmin } from './helpers/company.js';
import { countRows, insertCompany, PASSWORD } from './helpers/fixtures.js';
import { legacy, mutate, query } from './helpers/http.js';
import { MAX_JSON_DEPTH, SMALL_BODY_LIMIT, TOO_DEEP_MESSAGE, TOO_LARGE_MESSAGE } from '../server/http/body-limits.js';
import { WORK_DAYS_TOO_MANY } from '../shared/schemas/routing.js';

// Issue 31, item 6: routes that take a few short fields (sign-in, settings) take a small body, arrays
// in inputs have a maximum, and JSON nested deeper than any input is refused before it is parsed.
const SETTINGS = {
  routeIndiamart: true,
  routeCapture: true,
  routeAddLead: false,
  routeCsv: true,
  includeHeads: false,
  workDays: [1, 2, 3, 4, 5],
  workStart: '09:30',
  workEnd: '18:30',
  repeatRerouteDays: 15,
  recycleAfterHours: 4,
  recycleMax: 3,
};

/** Valid fields and a padding field that takes the body past the small limit. */
const padded = <T extends object>(body: T) => ({ ...body, padding: 'x'.repeat(SMALL_BODY_LIMIT) });

/** `[[[...]]]` nested `depth` deep: a few bytes a level, well within the small limit at this depth. */
const nested = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`;

const TRPC_TOO_LARGE = { message: TOO_LARGE_MESSAGE, data: { code: 'PAYLOAD_TOO_LARGE', httpStatus: 413 } };
const LEGACY_TOO_LARGE = { status: false, success: false, message: TOO_LARGE_MESSAGE };

describe.each(dialects)('body limits and bounded inputs on %s', (dialect) => {
  const t = testAppFor(dialect, { LOG_LEVEL: 'error' });
  const sessions = () => countRows(t.deps.db, 'sessions');

  it('a sign-in body past the small limit is 413 in the caller shape and opens no session', async () => {
    const company = await insertCompany(t.deps.db);
    const credentials = { email: company.email, password: PASSWORD };
    const before = await sessions();

    const rest = await legacy(t.app, 'POST', '/subadmin/login', null, padded(credentials));
    expect(rest).toEqual({ status: 413, body: LEGACY_TOO_LARGE });

    const rpc = await mutate(t.app, 'auth.signInSubadmin', padded(credentials));
    expect(rpc.status).toBe(413);
    expect(rpc.error).toMatchObject(TRPC_TOO_LARGE);

    // Two sign-ins in one batch take two small bodies, not the app's megabyte.
    const batch = await t.app.inject({
      method: 'POST',
      url: '/trpc/auth.signInAdmin,auth.signInUser?batch=1',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ 0: padded(credentials), 1: padded({ mobile: '9876543210', password: PASSWORD }) }),
    });
    expect(batch.statusCode).toBe(413);
    expect(batch.json().error).toMatchObject(TRPC_TOO_LARGE);

    expect(await sessions()).toBe(before);
    // The same credentials in a body of their own size still sign in.
    expect((await legacy(t.app, 'POST', '/subadmin/login', null, credentials)).status).toBe(200);
  });

  it('a settings body past the small limit is 413 and saves nothing', async () => {
    const { id, session } = await signedInSubadmin(t);
    const manyDays = { ...SETTINGS, workDays: Array.from({ length: 200_000 }, (_, i) => (i % 7) + 1) };
    const routing = await mutate(t.app, 'routing.saveSettings', manyDays, session);
    expect(routing.status).toBe(413);
    expect(routing.error).toMatchObject(TRPC_TOO_LARGE);
    const saved = await t.deps.db.selectFrom('routing_settings').select('subadmin_id').where('subadmin_id', '=', id).executeTakeFirst();
    expect(saved).toBeUndefined();

    const link = { api_link: 'https://mapi.indiamart.com/wservce/crm/crmListing/v2/?glusr_crm_key=abc', mobile_number: '9876543210' };
    const indiamart = await legacy(t.app, 'POST', '/indiamartt', session, padded(link));
    expect(indiamart).toEqual({ status: 413, body: LEGACY_TOO_LARGE });
    const read = await query(t.app, 'settings.getIndiamart', undefined, session);
    expect(read.data).toMatchObject({ api_link: '' });
  });

  it('an array past its maximum is 400 with a clear message and saves nothing', async () => {
    const { id, session } = await signedInSubadmin(t);
    const eightDays = await mutate(t.app, 'routing.saveSettings', { ...SETTINGS, workDays: [1, 2, 3, 4, 5, 6, 7, 1] }, session);
    expect(eightDays.status).toBe(400);
    expect(eightDays.error?.message).toBe(WORK_DAYS_TOO_MANY);
    const saved = await t.deps.db.selectFrom('routing_settings').select('subadmin_id').where('subadmin_id', '=', id).executeTakeFirst();
    expect(saved).toBeUndefined();

    const types = await query(t.app, 'users.options', { userTypes: ['Telicaller', 'Telicaller', 'Telicaller', 'Telicaller'] }, session);
    expect(types.status).toBe(400);
    expect(types.error?.message).toBe('Name each user type once.');
  });

  it('JSON nested deeper than any input is refused before it is parsed, in the caller shape', async () => {
    const before = await sessions();
    const deep = nested(MAX_JSON_DEPTH + 1);
    const rest = await t.app.inject({ method: 'POST', url: '/api/webapi/auth/login', headers: { 'content-type': 'application/json' }, payload: deep });
    expect(rest.statusCode).toBe(400);
    expect(rest.json()).toEqual({ status: false, success: false, message: TOO_DEEP_MESSAGE });

    for (const url of ['/trpc/auth.signInUser', '/trpc/distribution.distribute', '/trpc/auth.signInAdmin,distribution.distribute?batch=1']) {
      const rpc = await t.app.inject({ method: 'POST', url, headers: { 'content-type': 'application/json' }, payload: deep });
      expect(rpc.statusCode, url).toBe(400);
      expect(rpc.json().error, url).toMatchObject({ message: TOO_DEEP_MESSAGE, data: { code: 'BAD_REQUEST', httpStatus: 400 } });
    }
    // Brackets inside a string are text, not nesting.
    const inText = await legacy(t.app, 'POST', '/auth/login', null, { mobile: nested(MAX_JSON_DEPTH + 1), password: PASSWORD });
    expect(inText.status).toBe(400);
    expect(inText.body.message).not.toBe(TOO_DEEP_MESSAGE);
    expect(await sessions()).toBe(before);
  });
});
