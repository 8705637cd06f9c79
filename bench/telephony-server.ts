// The app as the telephony bench loads it, in a child process of its own (the load generator must not
// share its event loop): a fresh database with one company on Exotel, ten telecallers (one a head), and a lead per
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
import { insertCall } from '../server/services/telephony/calls.repository.js';
import { secretBox } from '../server/services/telephony/secret-box.js';
import { leadValues } from '../tests/helpers/fixtures.js';
import { insertCompanyAndUsers } from './company-fixture.js';
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
    // The bench measures the callbacks, not the overload guard (a shared machine's hiccup would trip it).
    OVERLOAD_EVENT_LOOP_DELAY_MS: '0',
  });
  const database = createDatabase(databaseUrl, { pgSchema });
  const { app, deps } = await buildApp(config, { database, logger: false });
  const db = deps.db;
  const now = new Date().toISOString();

  const fx = await insertCompanyAndUsers(db, CALLERS);
  const company = { id: fx.subadminId };
  const users = fx.userIds;
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
        Array.from({ length: Math.min(200, BENCH_CALLS - i) }, (_, k) =>
          leadValues(company.id, { name: `Lead ${i + k}`, telicaller_id: users[(i + k) % CALLERS]!, telicaller_send_date: now, status: LEAD_STATUS.noSubmit }),
        ),
      )
      .returning(['id', 'telicaller_id', 'mobile'])
      .execute();
    for (const [k, lead] of leads.entries()) {
      const sid = `benchsid${String(i + k).padStart(6, '0')}`;
      const id = await insertCall(db, {
        subadmin_id: company.id,
        provider: 'exotel',
        provider_call_id: sid,
        lead_id: lead.id,
        user_id: lead.telicaller_id,
        direction: 'outbound',
        status: 'ringing',
        from_number: '+918047112233',
        to_number: lead.mobile,
        placed_at: now,
        updated_at: now,
      });
      calls.push({ id, sid });
    }
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
