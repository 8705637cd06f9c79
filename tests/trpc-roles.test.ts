import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from './helpers/app.js';
import { insertAdmin, insertCompany, insertUser, PASSWORD } from './helpers/fixtures.js';
import { signIn, trpc, type Session } from './helpers/http.js';
import { appRouter } from '../server/trpc/router.js';

type Who = 'admin' | 'subadmin' | 'Telicaller' | 'Telicaller-hade' | 'Developer';
const EVERYONE: Who[] = ['admin', 'subadmin', 'Telicaller', 'Telicaller-hade', 'Developer'];
const USERS: Who[] = ['Telicaller', 'Telicaller-hade', 'Developer'];
const CALLERS: Who[] = ['Telicaller', 'Telicaller-hade'];

/**
 * Who may call each procedure. A procedure missing here fails the test, so every new one
 * has to state its roles. 'public' ones answer without a session.
 */
const ROLES: Record<string, Who[] | 'public'> = {
  'auth.me': 'public',
  'auth.signInAdmin': 'public',
  'auth.signInSubadmin': 'public',
  'auth.signInUser': 'public',
  'auth.signOut': EVERYONE,
  'auth.loginAs': ['subadmin'],
  'auth.returnToSubadmin': USERS,
  'subadmins.list': ['admin'],
  'subadmins.create': ['admin'],
  'subadmins.setBlocked': ['admin'],
  'subadmins.remove': ['admin'],
  'subadmins.updateTerms': ['admin'],
  'subadmins.dashboard': ['admin'],
  'complaints.create': ['subadmin'],
  'complaints.mine': ['subadmin'],
  'complaints.adminList': ['admin'],
  'complaints.reply': ['admin'],
  'complaints.resolve': ['admin'],
  'complaints.fileAsUser': USERS,
  'complaints.mineAsUser': USERS,
  'complaints.fromUsers': ['subadmin'],
  'complaints.replyToUser': ['subadmin'],
  'complaints.resolveFromUser': ['subadmin'],
  'notifications.sendToSubadmins': ['admin'],
  'notifications.sentToSubadmins': ['admin'],
  'notifications.targetCompanies': ['admin'],
  'notifications.sendToUsers': ['subadmin'],
  'notifications.sentToUsers': ['subadmin'],
  'notifications.inbox': ['subadmin', ...USERS],
  'notifications.markRead': ['subadmin', ...USERS],
  'notifications.bell': EVERYONE,
  'users.list': ['subadmin'],
  'users.options': ['subadmin'],
  'users.create': ['subadmin'],
  'users.update': ['subadmin'],
  'users.setBlocked': ['subadmin'],
  'users.remove': ['subadmin'],
  'profile.get': ['subadmin'],
  'profile.update': ['subadmin'],
  'settings.getIndiamart': ['subadmin'],
  'settings.saveIndiamart': ['subadmin'],
  'settings.getLeadWork': ['subadmin'],
  'settings.saveLeadWork': ['subadmin'],
  'indiamart.status': ['subadmin'],
  'indiamart.pullNow': ['subadmin'],
  'dashboard.subadmin': ['subadmin'],
  'dashboard.tiles': USERS,
  'banners.list': ['subadmin', ...CALLERS],
  'banners.remove': ['subadmin'],
  'media.demos': ['subadmin', ...CALLERS],
  'media.tutorials': ['subadmin', ...CALLERS],
  'media.remove': ['subadmin'],
  'tasks.mine': ['Developer'],
  'tasks.accept': ['Developer'],
  'tasks.complete': ['Developer'],
  'tasks.list': ['subadmin'],
  'tasks.approve': ['subadmin'],
  'tasks.developers': ['subadmin'],
  'products.list': ['subadmin', ...CALLERS],
  'products.create': ['subadmin'],
  'products.update': ['subadmin'],
  'products.remove': ['subadmin'],
  'projects.create': CALLERS,
  'projects.mine': CALLERS,
  'projects.myDetail': CALLERS,
  'projects.requestUpdate': CALLERS,
  'projects.myBusiness': CALLERS,
  'projects.telecallers': ['subadmin'],
  'projects.list': ['subadmin'],
  'projects.detail': ['subadmin'],
  'projects.approve': ['subadmin'],
  'projects.reject': ['subadmin'],
  'projects.complete': ['subadmin'],
  'projects.pendingUpdates': ['subadmin'],
  'projects.decideUpdate': ['subadmin'],
  'projects.business': ['subadmin'],
  'work.queue': CALLERS,
  'work.open': CALLERS,
  'work.submit': CALLERS,
  'work.notConnected': CALLERS,
  'work.history': CALLERS,
  'work.heads': CALLERS,
  'work.reminders': CALLERS,
  'work.quality': CALLERS,
  'distribution.pool': ['subadmin'],
  'distribution.assignees': ['subadmin'],
  'distribution.distribute': ['subadmin'],
  'distribution.takeBack': ['subadmin'],
  'intake.history': ['subadmin'],
  'intake.batch': ['subadmin'],
  'intake.limits': ['subadmin'],
  'intake.addLead': ['subadmin', 'Telicaller', 'Telicaller-hade'],
  'leads.byTelecaller': ['subadmin'],
  'leads.ofTelecaller': ['subadmin'],
  'leads.uploaded': ['subadmin'],
  'leads.categories': ['subadmin'],
  'summaries.loginHours': CALLERS,
  'summaries.myCallLog': CALLERS,
  'summaries.myCalledLeads': CALLERS,
  'summaries.callSummary': ['subadmin'],
  'summaries.productivity': ['subadmin'],
  'summaries.callLog': ['subadmin'],
  'summaries.callers': ['subadmin'],
};

const procedures = Object.entries(appRouter._def.procedures as unknown as Record<string, { _def: { type: 'query' | 'mutation' } }>)
  .map(([path, p]) => ({ path, type: p._def.type }));

describe('every tRPC procedure checks the role', () => {
  let t: TestApp;
  const sessions = {} as Record<Who, Session>;
  beforeAll(async () => {
    t = await buildTestApp('sqlite');
    const admin = await insertAdmin(t.deps.db);
    const company = await insertCompany(t.deps.db);
    sessions.admin = await signIn(t.app, { kind: 'admin', email: admin.email, password: PASSWORD });
    sessions.subadmin = await signIn(t.app, { kind: 'subadmin', email: company.email, password: PASSWORD });
    for (const type of USERS) {
      const u = await insertUser(t.deps.db, company.id, type as 'Telicaller');
      sessions[type] = await signIn(t.app, { kind: 'user', mobile: u.mobile, password: PASSWORD });
    }
  });
  afterAll(() => t?.close());

  it('lists the roles of every procedure', () => {
    expect(procedures.map((p) => p.path).filter((p) => !(p in ROLES))).toEqual([]);
  });

  it.each(procedures.filter((p) => ROLES[p.path] !== 'public'))('$path: 401 signed out, 403 for other roles', async ({ path, type }) => {
    const allowed = ROLES[path] as Who[];
    expect((await trpc(t.app, type, path, {}, null)).status).toBe(401);
    for (const who of EVERYONE.filter((w) => !allowed.includes(w))) {
      const res = await trpc(t.app, type, path, {}, sessions[who]);
      expect(res.status, `${who} calling ${path}`).toBe(403);
    }
  });
});
