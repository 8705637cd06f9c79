// The app as the import bench runs it: a fresh database with one company, listening on a free
// loopback port. Run as a script it is the child process whose memory the bench samples.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../server/app.js';
import { loadConfig } from '../server/config.js';
import { createDatabase } from '../server/db/database.js';
import { insertBenchSubadmin } from './company-fixture.js';
import { hashPassword } from '../server/auth/passwords.js';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { DB } from '../server/db/schema.js';

export interface ImportServer {
  url: string;
  email: string;
  password: string;
  app: FastifyInstance;
  /** the company's id and the app's database (a bench adds the company's fields) */
  subadminId: number;
  db: Kysely<DB>;
  close(): Promise<void>;
}

export async function startImportServer(opts: { databaseUrl: string; pgSchema?: string; uploadMaxMb?: number }): Promise<ImportServer> {
  const uploadsDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-uploads-'));
  const config = loadConfig({
    NODE_ENV: 'production',
    DATABASE_URL: opts.databaseUrl,
    UPLOADS_DIR: uploadsDir,
    LOG_LEVEL: 'warn',
    UPLOAD_MAX_MB: String(opts.uploadMaxMb ?? 200),
  });
  const database = createDatabase(opts.databaseUrl, { pgSchema: opts.pgSchema });
  const { app, deps } = await buildApp(config, { database, logger: false });
  const email = `bench${Date.now()}@bench.local`;
  const password = 'bench-password';
  const { id: subadminId } = await insertBenchSubadmin(deps.db, { email, passwordHash: await hashPassword(password) });
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  return {
    url: address,
    email,
    password,
    app,
    subadminId,
    db: deps.db,
    async close() {
      await app.close();
      await database.close();
      fs.rmSync(uploadsDir, { recursive: true, force: true });
    },
  };
}

/** Signs in as the company and uploads a file from disk as the page does (multipart, streamed). */
export async function uploadCsvFile(server: { url: string; email: string; password: string }, file: string, category = 'JustDial') {
  const login = await fetch(`${server.url}/api/webapi/subadmin/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: server.email, password: server.password }),
  });
  if (!login.ok) throw new Error(`sign-in failed: ${login.status} ${await login.text()}`);
  const { token } = (await login.json()) as { token: string };
  const form = new FormData();
  form.append('category', category);
  form.append('csvFile', await fs.openAsBlob(file, { type: 'text/csv' }), path.basename(file));
  const res = await fetch(`${server.url}/api/webapi/upload-csv`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form });
  const body = (await res.json()) as Record<string, unknown>;
  if (res.status !== 200) throw new Error(`upload failed: ${res.status} ${JSON.stringify(body)}`);
  return body as { inserted: number; duplicates: number; invalid: number; rows: number };
}

// As a child process: start, tell the parent where, stop when told.
if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(new URL(import.meta.url).pathname) && process.send) {
  const server = await startImportServer({ databaseUrl: process.env.BENCH_SQLITE_URL! });
  process.send({ url: server.url, email: server.email, password: server.password });
  process.on('message', async (m) => {
    if (m === 'stop') {
      await server.close();
      process.exit(0);
    }
  });
}
