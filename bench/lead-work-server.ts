// The server the lead-work bench loads, in a child process of its own so that the load generator
// does not share its event loop: the whole app (buildApp) over the bench's database (recording its
// statements when asked, statement-recorder.ts), or a bare Fastify instance with one trivial route,
// or the app's recorded statements replayed behind a bare route (replay-server.ts). Tells the parent
// its address, stops when told.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import { buildApp } from '../server/app.js';
import { loadConfig } from '../server/config.js';
import { createDatabase } from '../server/db/database.js';
import { replayServer } from './replay-server.js';
import { statementRecorder } from './statement-recorder.js';

export type ServerMode =
  | { kind: 'app'; databaseUrl: string; pgSchema?: string; record?: boolean }
  | { kind: 'bare' }
  | { kind: 'replay'; databaseUrl: string; pgSchema?: string; recordingsFile: string };

/** Where a recording app answers what it ran since the last ask. */
export const RECORDED_PATH = '/__bench/recorded';

async function start(mode: ServerMode): Promise<{ url: string; close(): Promise<void> }> {
  if (mode.kind === 'bare') {
    const app = Fastify({ logger: false });
    app.get('/ping', async () => ({ ok: true }));
    const url = await app.listen({ port: 0, host: '127.0.0.1' });
    return { url, close: () => app.close() };
  }
  if (mode.kind === 'replay') {
    const app = await replayServer(mode);
    const url = await app.listen({ port: 0, host: '127.0.0.1' });
    return { url, close: () => app.close() };
  }
  const uploadsDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-lead-work-uploads-'));
  const config = loadConfig({ NODE_ENV: 'production', DATABASE_URL: mode.databaseUrl, UPLOADS_DIR: uploadsDir, LOG_LEVEL: 'warn' });
  const recorder = mode.record ? statementRecorder() : null;
  const database = createDatabase(mode.databaseUrl, { pgSchema: mode.pgSchema, instrument: recorder?.instrument });
  const { app } = await buildApp(config, { database, logger: false });
  if (recorder) app.get(RECORDED_PATH, async () => recorder.take());
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
