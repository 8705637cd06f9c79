// The app as the routing bench loads it, in a child process of its own (the load generator must not
// share its event loop): a fresh database with three companies made through the app's own services:
// "pool" (routing off: the reference), "routed" (routing on for the capture API, ten telecallers,
// working all day every day) and "alert" (one telecaller, for the arrival-to-alert time). Tells the
// parent its address and keys; answers 'stats' with how the routed company's leads were spread.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../server/app.js';
import { loadConfig } from '../server/config.js';
import { createDatabase } from '../server/db/database.js';
import { insertBenchSubadmin } from './company-fixture.js';
import { hashPassword } from '../server/auth/passwords.js';
import { createCaptureKey } from '../server/services/capture/capture-keys.service.js';
import type { Deps } from '../server/deps.js';
import { CreateCaptureKeyInput } from '../shared/schemas/capture.js';

export const BENCH_PASSWORD = 'bench-password';

export interface RoutingFixture {
  url: string;
  poolKey: string;
  routedKey: string;
  alertKey: string;
  alertUser: { mobile: string; password: string };
}

export interface RoutingStats {
  routedLeads: number;
  unassigned: number;
  perPerson: number[];
  events: number;
}

async function company(deps: Deps, name: string, callers: number, routed: boolean) {
  const now = new Date().toISOString();
  const c = await insertBenchSubadmin(deps.db, { name, email: `${name}-${Date.now()}@bench.local`, passwordHash: await hashPassword(BENCH_PASSWORD) });
  const hash = await hashPassword(BENCH_PASSWORD);
  const mobiles: string[] = [];
  for (let i = 0; i < callers; i++) {
    const mobile = `7${String(c.id).padStart(3, '0')}${String(i).padStart(6, '0')}`;
    mobiles.push(mobile);
    await deps.db
      .insertInto('users')
      .values({
        subadmin_id: c.id,
        name: `${name} caller ${i}`,
        email: `${name}${i}-${Date.now()}@bench.local`,
        mobile,
        password_hash: hash,
        user_type: 'Telicaller',
        is_blocked: 0,
        created_at: now,
        updated_at: now,
        deleted_at: null,
      })
      .execute();
  }
  await deps.db
    .insertInto('routing_settings')
    .values({ subadmin_id: c.id, route_capture: routed ? 1 : 0, work_days: '1,2,3,4,5,6,7', work_start: '00:00', work_end: '23:59', updated_at: now })
    .execute();
  const key = await createCaptureKey(deps, c.id, CreateCaptureKeyInput.parse({ kind: 'api', name: 'bench' }));
  return { id: c.id, key: key.secret, mobiles };
}

if (process.send) {
  const { databaseUrl, pgSchema } = JSON.parse(process.env.BENCH_ROUTING_DB!) as { databaseUrl: string; pgSchema?: string };
  const uploadsDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-routing-uploads-'));
  const config = loadConfig({
    NODE_ENV: 'production',
    DATABASE_URL: databaseUrl,
    UPLOADS_DIR: uploadsDir,
    LOG_LEVEL: 'warn',
    // The bench measures routing, not the per-key limit.
    CAPTURE_RATE_PER_MINUTE: '1000000',
    CAPTURE_RATE_BURST: '1000000',
  });
  const database = createDatabase(databaseUrl, { pgSchema });
  const { app, deps } = await buildApp(config, { database, logger: false });
  const pool = await company(deps, 'pool', 10, false);
  const routed = await company(deps, 'routed', 10, true);
  const alert = await company(deps, 'alert', 1, true);
  const url = await app.listen({ port: 0, host: '127.0.0.1' });
  const fixture: RoutingFixture = {
    url,
    poolKey: pool.key,
    routedKey: routed.key,
    alertKey: alert.key,
    alertUser: { mobile: alert.mobiles[0]!, password: BENCH_PASSWORD },
  };
  process.send(fixture);
  process.on('message', async (m) => {
    if (m === 'stats') {
      const rows = await deps.db
        .selectFrom('leads')
        .select(['telicaller_id', (eb) => eb.fn.countAll<number>().as('n')])
        .where('subadmin_id', '=', routed.id)
        .groupBy('telicaller_id')
        .execute();
      const events = await deps.db
        .selectFrom('lead_events')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('subadmin_id', '=', routed.id)
        .where('kind', '=', 'routed')
        .executeTakeFirstOrThrow();
      const stats: RoutingStats = {
        routedLeads: rows.reduce((s, r) => s + Number(r.n), 0),
        unassigned: Number(rows.find((r) => r.telicaller_id === null)?.n ?? 0),
        perPerson: rows.filter((r) => r.telicaller_id !== null).map((r) => Number(r.n)),
        events: Number(events.n),
      };
      process.send!(stats);
    }
    if (m === 'stop') {
      await app.close();
      await database.close();
      fs.rmSync(uploadsDir, { recursive: true, force: true });
      process.exit(0);
    }
  });
}
