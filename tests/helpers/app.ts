import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { Dialect as KyselyDialect } from 'kysely';
import { afterAll, beforeAll } from 'vitest';
import { buildApp, metricsFor, type BuildOptions, type BuiltApp } from '../../server/app.js';
import { loadConfig } from '../../server/config.js';
import { createDatabase, type Dialect } from '../../server/db/database.js';
import { timingQueries } from '../../server/metrics/query-timing.js';

/** Every database test runs on SQLite, and on Postgres too when TEST_DATABASE_URL is set. */
export const dialects: Dialect[] = process.env.TEST_DATABASE_URL ? ['sqlite', 'postgres'] : ['sqlite'];

export interface TestApp extends BuiltApp {
  dialect: Dialect;
  uploadsDir: string;
  close(): Promise<void>;
}

/** `instrument` wraps the database's dialect (a test that watches every statement: server/db/hooked-dialect.ts). */
export async function buildTestApp(
  dialect: Dialect,
  env: Record<string, string> = {},
  instrument?: (dialect: KyselyDialect) => KyselyDialect,
  build: Pick<BuildOptions, 'pushAgent'> = {},
): Promise<TestApp> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tcb-test-'));
  const uploadsDir = path.join(dir, 'uploads');
  let url: string;
  let pgSchema: string | undefined;
  if (dialect === 'postgres') {
    url = process.env.TEST_DATABASE_URL!;
    pgSchema = `t_${randomBytes(6).toString('hex')}`;
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    await client.query(`create schema ${pgSchema}`);
    await client.end();
  } else {
    url = `sqlite:${path.join(dir, 'test.db')}`;
  }
  // Overload refusals off unless a test turns them on: a test's own long synchronous work (building a
  // large file, a big SQLite statement) must not get its next request refused.
  const config = loadConfig({
    NODE_ENV: 'test',
    DATABASE_URL: url,
    UPLOADS_DIR: uploadsDir,
    SECRET_KEY_FILE: path.join(dir, 'secret.key'),
    LOG_LEVEL: 'silent',
    OVERLOAD_EVENT_LOOP_DELAY_MS: '0',
    ...env,
  });
  // With METRICS_* set, the statements are timed as buildApp times those of a database it makes.
  const metrics = metricsFor(config);
  const timed = metrics && timingQueries(metrics);
  const database = createDatabase(url, { pgSchema, instrument: timed && instrument ? (d) => timed(instrument(d)) : (timed ?? instrument) });
  const built = await buildApp(config, { ...build, database, logger: false, metrics });
  await built.app.ready();
  return {
    ...built,
    dialect,
    uploadsDir,
    async close() {
      await built.app.close();
      await database.close();
      if (pgSchema) {
        const client = new pg.Client({ connectionString: url });
        await client.connect();
        await client.query(`drop schema ${pgSchema} cascade`);
        await client.end();
      }
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** One app for the tests of a file (or a describe block), on one dialect: built before them, closed after them. */
/**
 * A server started on a database that already exists (a restored backup): `pgSchema` names the
 * schema the dump holds on Postgres. `close` stops it and closes its database.
 */
export async function appOnDatabase(url: string, uploadsDir: string, pgSchema?: string): Promise<BuiltApp & { close(): Promise<void> }> {
  const database = createDatabase(url, { pgSchema });
  const built = await buildApp(loadConfig({ NODE_ENV: 'test', DATABASE_URL: url, UPLOADS_DIR: uploadsDir, LOG_LEVEL: 'silent' }), { database, logger: false });
  await built.app.ready();
  return {
    ...built,
    async close() {
      await built.app.close();
      await database.close();
    },
  };
}

export function testAppFor(dialect: Dialect, env: Record<string, string> = {}, build: Pick<BuildOptions, 'pushAgent'> = {}): TestApp {
  const t = {} as TestApp;
  beforeAll(async () => {
    Object.assign(t, await buildTestApp(dialect, env, undefined, build));
  });
  afterAll(() => t.close?.());
  return t;
}
