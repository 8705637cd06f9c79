import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildTestApp, dialects, testAppFor } from './helpers/app.js';
import { buildApp } from '../server/app.js';
import { loadConfig } from '../server/config.js';
import { createDatabase } from '../server/db/database.js';
import { ensureAdmin } from '../server/bootstrap.js';
import { migrateToLatest } from '../server/db/migrate.js';

describe.each(dialects)('health and start-up on %s', (dialect) => {
  const t = testAppFor(dialect);

  it('answers /healthz with 200 while the database answers', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
  });

  it('answers /readyz with 200 once migrated and while the database answers', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/readyz' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ready' });
  });

  it('runs migrations idempotently', async () => {
    expect(await migrateToLatest(t.deps.db, t.dialect, t.database.pgSchema)).toEqual({ applied: [] });
  });

  it('answers an unknown legacy call with 404 in the legacy shape and never a stack trace', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/webapi/nothing-here' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ status: false, success: false, message: 'Not found.' });
    const bad = await t.app.inject({ method: 'POST', url: '/api/webapi/admin/login', headers: { 'content-type': 'application/json' }, payload: '{not json' });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).not.toMatch(/at .*\.ts|SyntaxError|stack/i);
  });
});

describe('health when the database is gone', () => {
  it('answers 503', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tcb-health-'));
    const url = `sqlite:${path.join(dir, 'h.db')}`;
    const database = createDatabase(url);
    const { app } = await buildApp(loadConfig({ DATABASE_URL: url, UPLOADS_DIR: path.join(dir, 'u'), LOG_LEVEL: 'silent' }), { database, logger: false });
    await database.close();
    const res = await app.inject({ method: 'GET', url: '/healthz' });
    expect(res.statusCode).toBe(503);
    const ready = await app.inject({ method: 'GET', url: '/readyz' });
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toEqual({ status: 'database unavailable' });
    await app.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });
});

describe('readiness during shutdown', () => {
  it('answers /readyz 503 once draining begins, while /healthz still answers 200', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tcb-ready-'));
    const url = `sqlite:${path.join(dir, 'r.db')}`;
    const { app, drain } = await buildApp(loadConfig({ DATABASE_URL: url, UPLOADS_DIR: path.join(dir, 'u'), LOG_LEVEL: 'silent' }), { logger: false });
    try {
      expect((await app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(200);
      drain();
      const ready = await app.inject({ method: 'GET', url: '/readyz' });
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toEqual({ status: 'shutting down' });
      expect((await app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
    } finally {
      await app.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe.each(dialects)('admin bootstrap on %s', (dialect) => {
  it('creates the admin from ADMIN_EMAIL/ADMIN_PASSWORD once, and it can sign in', async () => {
    const t = await buildTestApp(dialect, { ADMIN_EMAIL: 'owner@platform.test', ADMIN_PASSWORD: 'correct-horse' });
    try {
      expect(await ensureAdmin(t.deps)).toBe('created');
      expect(await ensureAdmin(t.deps)).toBe('exists');
      const res = await t.app.inject({ method: 'POST', url: '/api/webapi/admin/login', payload: { email: 'owner@platform.test', password: 'correct-horse' } });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ success: true });
      const row = await t.deps.db.selectFrom('admins').select('password_hash').executeTakeFirstOrThrow();
      expect(row.password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,p=1,t=2\$/);
    } finally {
      await t.close();
    }
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('migrations on a shared Postgres database', () => {
  it("are not fooled by another schema's migration tables", async () => {
    const { default: pg } = await import('pg');
    const client = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await client.connect();
    const decoy = `decoy_${process.pid}`;
    await client.query(`create schema ${decoy}; create table ${decoy}.kysely_migration (name text); create table ${decoy}.kysely_migration_lock (id text)`);
    try {
      const t = await buildTestApp('postgres');
      try {
        expect(await migrateToLatest(t.deps.db, 'postgres', t.database.pgSchema)).toEqual({ applied: [] });
        expect((await t.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
      } finally {
        await t.close();
      }
    } finally {
      await client.query(`drop schema ${decoy} cascade`);
      await client.end();
    }
  });
});
