import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { DB } from '../../server/db/schema.js';
import type { Deps } from '../../server/deps.js';
import { nowIso } from '../../server/db/dialect.js';
import { seedDemo, DEMO } from '../../seed/demo.js';
import { createUserComplaint } from '../../server/services/complaints/user-complaints.service.js';
import { createCaptureKey } from '../../server/services/capture/capture-keys.service.js';
import { addDays, todayIn } from '../../shared/dates.js';
import { SESSION_COOKIE } from '../../shared/constants.js';
import { LEAD_STATUS } from '../../shared/lead-status.js';
import { insertAdmin, insertCompany, insertLeadRows, insertUser, PASSWORD } from '../helpers/fixtures.js';
import { signIn, type Session } from '../helpers/http.js';
import { insertField } from '../helpers/lead-fields.js';
import type { Role } from './matrix.js';

/** Ids of a company the signed-in actors do not belong to: the demo company, with something of every kind. */
export interface OtherCompany {
  subadminId: number;
  telecaller: number;
  head: number;
  developer: number;
  /** a lead its telecaller holds, sent today */
  lead: number;
  /** a lead its telecaller handed to its head */
  handedLead: number;
  pendingProject: number;
  runningProject: number;
  updateRequest: number;
  product: number;
  batch: number;
  userComplaint: number;
  newTask: number;
  completedTask: number;
  banner: number;
  demo: number;
  tutorial: number;
  /** a lead-routing rule naming its telecaller */
  routingRule: number;
  /** a lead capture API key */
  captureKey: number;
  /** a text lead field, for a routing rule on a field */
  ruleField: number;
  /** a call its telecaller placed through a provider, with a recording */
  call: number;
  /** one of its lead fields, and one of its feedback choices */
  leadField: number;
  feedbackChoice: number;
}

/** The signed-in side: company A's people and data, whose ids are fine to use. */
export interface OwnCompany {
  subadminId: number;
  telecaller: number;
  head: number;
  /** a lead A's telecaller holds */
  lead: number;
}

/** Every kind of session the matrix is checked with. */
export type SessionKind = Role | 'loginAs' | 'blockedUser' | 'deletedUser' | 'expiredSubadmin' | 'expiredUser';

export interface World {
  own: OwnCompany;
  other: OtherCompany;
  sessions: Record<SessionKind, Session>;
  /** a new session of the kind, for calls that end the one they are made with */
  fresh(kind: SessionKind): Promise<Session>;
}

const one = async <T>(q: Promise<T | undefined>, what: string): Promise<T> => {
  const row = await q;
  if (row === undefined) throw new Error(`world: no ${what}`);
  return row;
};

async function otherCompany(deps: Deps): Promise<OtherCompany> {
  const db = deps.db;
  await seedDemo(deps);
  const company = await one(db.selectFrom('subadmins').select('id').where('email', '=', DEMO.subadmin.email).executeTakeFirst(), 'demo company');
  const person = (mobile: string) => one(db.selectFrom('users').select('id').where('mobile', '=', mobile).executeTakeFirst(), mobile);
  const telecaller = (await person(DEMO.telecaller.mobile)).id;
  const head = (await person(DEMO.head.mobile)).id;
  const developer = (await person(DEMO.developer.mobile)).id;
  const lead = await one(
    db.selectFrom('leads').select('id').where('telicaller_id', '=', telecaller).where('status', '=', LEAD_STATUS.new).executeTakeFirst(),
    'held lead',
  );
  const handed = await one(db.selectFrom('leads').select('id').where('handler_id', '=', head).executeTakeFirst(), 'handed lead');
  const project = (status: number) =>
    one(db.selectFrom('projects').select('id').where('subadmin_id', '=', company.id).where('status', '=', status).executeTakeFirst(), `project ${status}`);
  const request = await one(db.selectFrom('project_update_requests').select('id').where('subadmin_id', '=', company.id).executeTakeFirst(), 'update request');
  const product = await one(db.selectFrom('products').select('id').where('subadmin_id', '=', company.id).executeTakeFirst(), 'product');
  const batch = await one(db.selectFrom('upload_batches').select('id').where('subadmin_id', '=', company.id).executeTakeFirst(), 'upload batch');
  const caller = { kind: 'user' as const, id: telecaller, subadminId: company.id, userType: 'Telicaller' as const, impersonatedBy: null, sessionId: 0 };
  const complaint = await createUserComplaint(deps, caller, { reason: 'Headset', description: 'The headset crackles.' });

  const now = nowIso();
  const today = todayIn('Asia/Kolkata');
  const task = (status: number) =>
    db
      .insertInto('tasks')
      .values({
        subadmin_id: company.id,
        developer_id: developer,
        name: `Task ${status}`,
        description: 'Landing page',
        start_date: today,
        end_date: addDays(today, 5),
        status,
        image_path: null,
        video_path: null,
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
  const media = (table: 'demos' | 'tutorials') =>
    db
      .insertInto(table)
      .values({
        subadmin_id: company.id,
        name: 'Walkthrough',
        discreption: 'How it works',
        link: 'https://example.com/v',
        image: 'a.png',
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
  const banner = await db.insertInto('banners').values({ subadmin_id: company.id, image: 'b.png', created_at: now }).returning('id').executeTakeFirstOrThrow();

  const rule = await db
    .insertInto('routing_rules')
    .values({ subadmin_id: company.id, position: 1, field: 'category', match: 'is', value: 'IndiaMART', created_at: now, updated_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db.insertInto('routing_rule_members').values({ rule_id: rule.id, user_id: telecaller, subadmin_id: company.id }).execute();

  const call = await db
    .insertInto('calls')
    .values({
      subadmin_id: company.id,
      provider: 'exotel',
      provider_call_id: `authz-${company.id}`,
      lead_id: lead.id,
      user_id: telecaller,
      direction: 'outbound',
      status: 'completed',
      from_number: '+918047112233',
      to_number: '9876500001',
      placed_at: now,
      answered_at: now,
      ended_at: now,
      talk_seconds: 30,
      recording_ref: 'https://recordings.invalid/authz.mp3',
      cost: null,
      cost_currency: null,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();

  const leadField = await insertField(db, company.id, { key: 'budget', label: 'Budget', type: 'money' });
  const feedbackChoice = await one(db.selectFrom('feedback_choices').select('id').where('subadmin_id', '=', company.id).executeTakeFirst(), 'feedback choice');

  return {
    leadField,
    feedbackChoice: feedbackChoice.id,
    call: call.id,
    subadminId: company.id,
    telecaller,
    head,
    developer,
    lead: lead.id,
    handedLead: handed.id,
    pendingProject: (await project(0)).id,
    runningProject: (await project(1)).id,
    updateRequest: request.id,
    product: product.id,
    batch: batch.id,
    userComplaint: complaint.id,
    newTask: (await task(0)).id,
    completedTask: (await task(2)).id,
    banner: banner.id,
    demo: (await media('demos')).id,
    tutorial: (await media('tutorials')).id,
    routingRule: rule.id,
    captureKey: (await createCaptureKey(deps, company.id, { kind: 'api', name: 'Website', thankYouUrl: null })).id,
    ruleField: await insertField(db, company.id, { key: 'product', type: 'text' }),
  };
}

/**
 * Builds both companies and a session of every kind: each role of company A, a sub-admin's
 * login-as session as A's telecaller, a blocked and a deleted user, and an expired company's
 * sub-admin and telecaller (each signed in while it could, then changed underneath).
 */
export async function buildWorld(app: FastifyInstance, deps: Deps): Promise<World> {
  const db: Kysely<DB> = deps.db;
  const other = await otherCompany(deps);

  const admin = await insertAdmin(db);
  const company = await insertCompany(db);
  const people = {
    Telicaller: await insertUser(db, company.id, 'Telicaller'),
    'Telicaller-hade': await insertUser(db, company.id, 'Telicaller-hade'),
    Developer: await insertUser(db, company.id, 'Developer'),
  };
  const blocked = await insertUser(db, company.id, 'Telicaller');
  const deleted = await insertUser(db, company.id, 'Telicaller');
  const expired = await insertCompany(db);
  const expiredUser = await insertUser(db, expired.id, 'Telicaller');
  const [lead] = await insertLeadRows(db, company.id, [{ telicaller_id: people.Telicaller.id }, { telicaller_id: people['Telicaller-hade'].id }, {}, {}, {}]);

  const user = (u: { mobile: string }) => signIn(app, { kind: 'user', mobile: u.mobile, password: PASSWORD });
  const subadmin = () => signIn(app, { kind: 'subadmin', email: company.email, password: PASSWORD });
  const loginAs = async () => {
    const owner = await subadmin();
    const res = await app.inject({
      method: 'POST',
      url: '/api/webapi/login',
      headers: { authorization: `Bearer ${owner.token}` },
      payload: { userId: people.Telicaller.id },
    });
    if (res.statusCode !== 200) throw new Error(`login-as failed: ${res.body}`);
    const token = res.json().token as string;
    return { token, cookie: `${SESSION_COOKIE}=${token}` } satisfies Session;
  };
  const makers: Record<SessionKind, () => Promise<Session>> = {
    admin: () => signIn(app, { kind: 'admin', email: admin.email, password: PASSWORD }),
    subadmin,
    Telicaller: () => user(people.Telicaller),
    'Telicaller-hade': () => user(people['Telicaller-hade']),
    Developer: () => user(people.Developer),
    loginAs,
    blockedUser: () => user(blocked),
    deletedUser: () => user(deleted),
    expiredSubadmin: () => signIn(app, { kind: 'subadmin', email: expired.email, password: PASSWORD }),
    expiredUser: () => user(expiredUser),
  };
  const sessions = {} as Record<SessionKind, Session>;
  for (const [kind, make] of Object.entries(makers)) sessions[kind as SessionKind] = await make();

  await db.updateTable('users').set({ is_blocked: 1 }).where('id', '=', blocked.id).execute();
  await db.updateTable('users').set({ deleted_at: nowIso() }).where('id', '=', deleted.id).execute();
  await db
    .updateTable('subadmins')
    .set({ expiry_date: addDays(todayIn('Asia/Kolkata'), -1) })
    .where('id', '=', expired.id)
    .execute();

  return {
    own: { subadminId: company.id, telecaller: people.Telicaller.id, head: people['Telicaller-hade'].id, lead: lead! },
    other,
    sessions,
    fresh: (kind) => makers[kind](),
  };
}
