// The app as the telephony bench loads it, in a child process of its own (the load generator must not
// share its event loop): a fresh database with one company on Exotel, ten telecallers, and a lead per
// call with its call already ringing (as placeCall leaves it). Besides the app's routes it has one
// more, POST /bench/history, that inserts one lead_history row and nothing else: the reference the
// status callbacks are measured against, through the same HTTP stack. Tells the parent its address,
// the callback path and the calls; answers 'stats' with how the calls ended.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../server/app.js';
import { loadConfig } from '../server/config.js';
import { createDatabase } from '../server/db/database.js';
import { hashPassword } from '../server/auth/passwords.js';
import { secretBox } from '../server/services/telephony/secret-box.js';
import { LEAD_STATUS } from '../shared/lead-status.js';

export interface TelephonyFixture {
  url: string;
  /** /api/telephony/exotel/<token>/status */
  hookPath: string;
  calls: { id: number; sid: string }[];
  /** a lead and a telecaller of the company, for the reference inserts */
  leadId: number;
  userId: number;
}

export interface TelephonyStats {
  ended: Record<string, number>;
  attempts: number;
  historyRows: number;
}

export const BENCH_CALLS = 1_700;
const CALLERS = 10;

if (process.send) {
  const { databaseUrl, pgSchema } = JSON.parse(process.env.BENCH_TELEPHONY_DB!) as { databaseUrl: string; pgSchema?: string };
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-telephony-'));
  const config = loadConfig({
    NODE_ENV: 'production',
    DATABASE_URL: databaseUrl,
    UPLOADS_DIR: path.join(dir, 'uploads'),
    SECRET_KEY_FILE: path.join(dir, 'secret.key'),
    PUBLIC_URL: 'https://crm.bench.local',
    LOG_LEVEL: 'warn',
  });
  const database = createDatabase(databaseUrl, { pgSchema });
  const { app, deps } = await buildApp(config, { database, logger: false });
  const db = deps.db;
  const now = new Date().toISOString();

  const company = await db
    .insertInto('subadmins')
    .values({
      name: 'calls',
      email: `calls-${Date.now()}@bench.local`,
      password_hash: await hashPassword('bench-password'),
      telecaller_creat_limit: 100,
      company_name: 'Calls Co',
      mobile: '9000000000',
      expiry_date: '2099-12-31',
      gst: '',
      company_bio: '',
      address: '',
      is_blocked: 0,
      time_zone: 'Asia/Kolkata',
      created_at: now,
      updated_at: now,
      deleted_at: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const hash = await hashPassword('bench-password');
  const users: number[] = [];
  for (let i = 0; i < CALLERS; i++) {
    const u = await db
      .insertInto('users')
      .values({
        subadmin_id: company.id,
        name: `caller ${i}`,
        email: `caller${i}-${Date.now()}@bench.local`,
        mobile: `7100${String(i).padStart(6, '0')}`,
        password_hash: hash,
        user_type: 'Telicaller',
        is_blocked: 0,
        created_at: now,
        updated_at: now,
        deleted_at: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    users.push(u.id);
  }
  const hookToken = `benchtoken${'x'.repeat(24)}`;
  const box = await secretBox(config);
  await db
    .insertInto('telephony_settings')
    .values({
      subadmin_id: company.id,
      provider: 'exotel',
      enabled: 1,
      credentials: box.seal(JSON.stringify({ accountSid: 'bench', apiKey: 'key', apiToken: 'token', cluster: 'mumbai' })),
      caller_ids: JSON.stringify(['+918047112233']),
      hook_token: hookToken,
      updated_at: now,
    })
    .execute();

  const calls: TelephonyFixture['calls'] = [];
  for (let i = 0; i < BENCH_CALLS; i += 200) {
    const leads = await db
      .insertInto('leads')
      .values(
        Array.from({ length: Math.min(200, BENCH_CALLS - i) }, (_, k) => ({
          subadmin_id: company.id,
          batch_id: null,
          visible: 1,
          source_ref: null,
          name: `Lead ${i + k}`,
          mobile: `98${String(10_000_000 + i + k).slice(-8)}`,
          requirement: 'Wants a quote',
          area: 'Pune',
          category: 'Local Leads',
          upload_date: now,
          telicaller_id: users[(i + k) % CALLERS]!,
          telicaller_send_date: now,
          status: LEAD_STATUS.noSubmit,
          handler_id: null,
          handler_assigned_by: null,
          submit_status: null,
          lead_quality: null,
          callback_date: null,
          callback_time: null,
          created_at: now,
          updated_at: now,
        })),
      )
      .returning(['id', 'telicaller_id', 'mobile'])
      .execute();
    const rows = await db
      .insertInto('calls')
      .values(
        leads.map((l, k) => ({
          subadmin_id: company.id,
          provider: 'exotel',
          provider_call_id: `benchsid${String(i + k).padStart(6, '0')}`,
          lead_id: l.id,
          user_id: l.telicaller_id,
          direction: 'outbound',
          status: 'ringing',
          from_number: '+918047112233',
          to_number: l.mobile,
          placed_at: now,
          answered_at: null,
          ended_at: null,
          talk_seconds: null,
          recording_ref: null,
          cost: null,
          cost_currency: null,
          updated_at: now,
        })),
      )
      .returning(['id', 'provider_call_id'])
      .execute();
    calls.push(...rows.map((r) => ({ id: r.id, sid: r.provider_call_id! })));
  }

  const [first] = await db.selectFrom('leads').select(['id', 'telicaller_id']).where('subadmin_id', '=', company.id).orderBy('id').limit(1).execute();
  app.post<{ Body: { leadId: number; userId: number } }>('/bench/history', async (req) => {
    await db
      .insertInto('lead_history')
      .values({
        subadmin_id: company.id,
        lead_id: req.body.leadId,
        user_id: req.body.userId,
        status: LEAD_STATUS.noSubmit,
        call_duration: 0,
        demo: 0,
        callback: 0,
        created_at: new Date().toISOString(),
      })
      .execute();
    return { ok: true };
  });

  const url = await app.listen({ port: 0, host: '127.0.0.1' });
  const fixture: TelephonyFixture = { url, hookPath: `/api/telephony/exotel/${hookToken}/status`, calls, leadId: first!.id, userId: first!.telicaller_id! };
  process.send(fixture);
  process.on('message', async (m) => {
    if (m === 'stats') {
      const ended = await db
        .selectFrom('calls')
        .select(['status', (eb) => eb.fn.countAll<number>().as('n')])
        .where('subadmin_id', '=', company.id)
        .groupBy('status')
        .execute();
      const attempts = await db
        .selectFrom('leads')
        .select((eb) => eb.fn.sum<number>('attempts').as('n'))
        .where('subadmin_id', '=', company.id)
        .executeTakeFirstOrThrow();
      const history = await db
        .selectFrom('lead_history')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('subadmin_id', '=', company.id)
        .where('call_id', 'is not', null)
        .executeTakeFirstOrThrow();
      const stats: TelephonyStats = {
        ended: Object.fromEntries(ended.map((r) => [r.status, Number(r.n)])),
        attempts: Number(attempts.n ?? 0),
        historyRows: Number(history.n),
      };
      process.send!(stats);
    }
    if (m === 'stop') {
      await app.close();
      await database.close();
      fs.rmSync(dir, { recursive: true, force: true });
      process.exit(0);
    }
  });
}
