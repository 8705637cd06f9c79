import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { execFileSync, spawn } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from './helpers/net.js';
import { waitForHealth } from './helpers/server-process.js';
import { EXTERNAL } from '../scripts/external-modules.mjs';

const root = path.resolve(import.meta.dirname, '..');
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tcb-built-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

const env = {
  ...process.env,
  NODE_ENV: 'production',
  LOG_LEVEL: 'info',
  DATABASE_URL: `sqlite:${path.join(dir, 'app.db')}`,
  UPLOADS_DIR: path.join(dir, 'uploads'),
  ADMIN_EMAIL: 'admin@built.local',
  ADMIN_PASSWORD: 'built-admin-password',
};

/** The packages a module URL belongs to, when it is under node_modules (a scoped one by its scope and name). */
function packageOf(url: string): string | undefined {
  const match = /\/node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(url);
  return match?.[1];
}

describe('the built server (dist/)', () => {
  it('npm run migrate runs the built tool: it builds dist/ when out of date and migrates a new database', () => {
    const out = execFileSync(process.execPath, ['scripts/run-built.mjs', 'migrate'], { cwd: root, env, encoding: 'utf8' });
    expect(out).toMatch(/^applied: 0001_/m);
    expect(fs.existsSync(path.join(root, 'dist/server.js'))).toBe(true);
  });

  it('starts without TypeScript or any bundled dependency from node_modules, answers, and stops on SIGTERM', async () => {
    const port = await freePort();
    const log = path.join(dir, 'loaded.txt');
    const child = spawn(process.execPath, ['--import', './tests/helpers/record-loaded-modules.mjs', 'dist/server.js'], {
      cwd: root,
      env: { ...env, PORT: String(port), LOADED_MODULES_LOG: log },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (d) => (output += d));
    child.stderr.on('data', (d) => (output += d));
    const exited = once(child, 'exit');
    const base = `http://127.0.0.1:${port}`;
    await waitForHealth(base);

    const signIn = await fetch(`${base}/api/webapi/admin/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: env.ADMIN_EMAIL, password: env.ADMIN_PASSWORD }),
    });
    expect(signIn.status).toBe(200);
    const { token } = (await signIn.json()) as { token: string };
    const companies = await fetch(`${base}/api/webapi/FetchData`, { headers: { authorization: `Bearer ${token}` } });
    expect(companies.status).toBe(200);
    // The legacy API's reference carries the package's version, read from the bundle.
    const docs = (await (await fetch(`${base}/api/webapi/openapi.json`)).json()) as { info: { version: string } };
    expect(docs.info.version).toBe(JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')).version);

    child.kill('SIGTERM');
    const [code] = await exited;
    expect(code, output).toBe(0);
    expect(output).toContain('server stopped');

    const loaded = fs.readFileSync(log, 'utf8').trim().split('\n');
    const files = loaded.filter((u) => u.startsWith('file:')).map((u) => fileURLToPath(u));
    expect(files.some((f) => f.startsWith(path.join(root, 'dist')))).toBe(true);
    expect(files.filter((f) => f.startsWith(path.join(root, 'server')))).toEqual([]);
    const packages = new Set(files.flatMap((f) => packageOf(f) ?? []));
    // Only the native modules the bundle leaves outside, and what they load themselves.
    const outside = [...packages].filter((p) => !EXTERNAL.includes(p));
    expect(outside.sort()).toEqual(['@phc/format', 'node-gyp-build']);
    expect(packages.has('tsx') || packages.has('esbuild') || packages.has('typescript')).toBe(false);
  }, 60_000);
});
