import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, dialects, type TestApp } from './helpers/app.js';
import { insertAdmin, insertCompany, insertUser, PASSWORD } from './helpers/fixtures.js';
import { legacy, signIn, type Session } from './helpers/http.js';

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
type Who = 'admin' | 'subadmin' | 'user';

// Every legacy call of the foundation issue with the roles that may make it.
const CALLS: [Method, string, Who[]][] = [
  ['GET', '/users', ['subadmin', 'user']],
  ['GET', '/FetchData', ['admin']],
  ['PATCH', '/subadmins/block/1', ['admin']],
  ['PATCH', '/subadmins/unblock/1', ['admin']],
  ['DELETE', '/subadmins/1', ['admin']],
  ['POST', '/createsubadmins', ['admin']],
  ['POST', '/createUser', ['subadmin']],
  ['PUT', '/updateUser', ['subadmin']],
  ['PATCH', '/blockUser/1', ['subadmin']],
  ['DELETE', '/deleteUser/1', ['subadmin']],
  ['GET', '/SubadminFetch', ['subadmin']],
  ['GET', '/indiamart', ['subadmin']],
  ['POST', '/indiamartt', ['subadmin']],
  ['GET', '/subadmin/fetchcomplaints', ['subadmin']],
  ['POST', '/subadmin/createcomplaints', ['subadmin']],
  ['GET', '/telecallers?user_type=Telicaller', ['subadmin']],
  ['GET', '/telecallershead', ['subadmin']],
  ['POST', '/login', ['subadmin']],
  // A head may read the count too (its company's); 'user' here is a telecaller, refused.
  ['GET', '/unassignedLeads?user_type=Telicaller', ['subadmin']],
  ['POST', '/distributeLeads', ['subadmin']],
  ['POST', '/upload-csv', ['subadmin']],
  ['GET', '/getTelecallersWithPendingLeads', ['subadmin']],
  ['GET', '/getPendingLeadsByTelecaller/1', ['subadmin']],
  ['GET', '/getTelecallersWithInterestedLeads', ['subadmin']],
  ['GET', '/getInterestedLeadsByTelecaller/1', ['subadmin']],
  ['GET', '/getTelecallersWithNotInterestedLeads', ['subadmin']],
  ['GET', '/getNotInterestedLeadsByTelecaller/1', ['subadmin']],
  ['GET', '/getTelecallersWithFollowUpLeads', ['subadmin']],
  ['GET', '/getFollowUpLeadsByTelecaller/1', ['subadmin']],
  ['GET', '/getTelecallersWithInvalidLeads', ['subadmin']],
  ['GET', '/getInvalidLeadsByTelecaller/1', ['subadmin']],
  ['GET', '/leads/export.csv', ['subadmin']],
];

describe.each(dialects)('legacy REST access rules on %s', (dialect) => {
  let t: TestApp;
  const sessions = {} as Record<Who, Session>;
  beforeAll(async () => {
    t = await buildTestApp(dialect);
    const admin = await insertAdmin(t.deps.db);
    const company = await insertCompany(t.deps.db);
    const user = await insertUser(t.deps.db, company.id);
    sessions.admin = await signIn(t.app, { kind: 'admin', email: admin.email, password: PASSWORD });
    sessions.subadmin = await signIn(t.app, { kind: 'subadmin', email: company.email, password: PASSWORD });
    sessions.user = await signIn(t.app, { kind: 'user', mobile: user.mobile, password: PASSWORD });
  });
  afterAll(() => t?.close());

  it.each(CALLS)('%s %s: 401 without a session, 403 for other roles', async (method, url, allowed) => {
    const anonymous = await legacy(t.app, method, url, null, method === 'GET' || method === 'DELETE' ? undefined : {});
    expect(anonymous.status).toBe(401);
    expect(anonymous.body).toMatchObject({ status: false, success: false, message: expect.any(String) });
    for (const who of (['admin', 'subadmin', 'user'] as Who[]).filter((w) => !allowed.includes(w))) {
      const res = await legacy(t.app, method, url, sessions[who], method === 'GET' || method === 'DELETE' ? undefined : {});
      expect(res.status, `${who} ${method} ${url}`).toBe(403);
      expect(res.body).toMatchObject({ status: false, success: false });
    }
  });
});
