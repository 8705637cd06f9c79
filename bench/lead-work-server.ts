// The server the lead-work bench loads, in a child process of its own so that the load generator
// does not share its event loop: the whole app (buildApp) over the bench's database, or a bare
// Fastify instance with one trivial route as the reference, or the queue pages' SQL alone behind a
// bare route (lead-work-sql-only.ts). Tells the parent its address, stops
// when told.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import { buildApp } from '../server/app.js';
import { loadConfig } from '../server/config.js';
import { createDatabase } from '../server/db/database.js';
import { sqlOnlyServer } from './lead-work-sql-only.js';

export type ServerMode = { kind: 'app'; databaseUrl: string; pgSchema?: string } | { kind: 'bare' } | { kind: 'sqlOnly'; file: string };

async function start(mode: ServerMode): Promise<{ url: string; close(): Promise<void> }> {
  if (mode.kind === 'bare') {
    const app = Fastify({ logger: false });
    app.get('/ping', async () => ({ ok: true }));
    const url = await app.listen({ port: 0, host: '127.0.0.1' });
    return { url, close: () => app.close() };
  }
  if (mode.kind === 'sqlOnly') {
    const app = await sqlOnlyServer(mode.file);
    const url = await app.listen({ port: 0, host: '127.0.0.1' });
    return { url, close: () => app.close() };
  }
  const uploadsDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-lead-work-uploads-'));
  const config = loadConfig({ NODE_ENV: 'production', DATABASE_URL: mode.databaseUrl, UPLOADS_DIR: uploadsDir, LOG_LEVEL: 'warn' });
  const database = createDatabase(mode.databaseUrl, { pgSchema: mode.pgSchema });
  const { app } = await buildApp(config, { database, logger: false });
  const url = await app.listen({ port: 0, host: '127.0.0.1' });
  return {
    url,
    async close() {
      await app.close();
      await database.close();
      fs.rmSync(uploadsDir, { recursive: true, force: true });
    },
  };
}

if (process.send) {
  const server = await start(JSON.parse(process.env.BENCH_SERVER_MODE!) as ServerMode);
  process.send({ url: server.url });
  process.on('message', async (m) => {
    if (m === 'stop') {
      await server.close();
      process.exit(0);
    }
  });
}
