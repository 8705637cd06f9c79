import fs from 'node:fs';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { ServerProcess } from './server-process.js';

async function asAdmin(run: (admin: pg.Client) => Promise<unknown>): Promise<void> {
  const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await admin.connect();
  try {
    await run(admin);
  } finally {
    await admin.end();
  }
}

/** A Postgres database of its own on TEST_DATABASE_URL's server, for a server run as a process: its name and URL. */
export async function createScratchDatabase(prefix: string): Promise<{ name: string; url: string }> {
  const name = `${prefix}_${randomBytes(5).toString('hex')}`;
  await asAdmin((admin) => admin.query(`create database ${name}`));
  return { name, url: process.env.TEST_DATABASE_URL!.replace(/\/[^/]*$/, `/${name}`) };
}

/** What a test file started and must take away afterwards: server processes (and their folders) and scratch databases. */
export class Leftovers {
  readonly servers: ServerProcess[] = [];
  readonly databases: string[] = [];

  async clear(): Promise<void> {
    for (const s of this.servers) {
      await s.kill();
      fs.rmSync(s.dir, { recursive: true, force: true });
    }
    if (this.databases.length) {
      await asAdmin(async (admin) => {
        for (const name of this.databases) await admin.query(`drop database if exists ${name} with (force)`);
      });
    }
  }
}
