import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from '../helpers/net.js';
import { spawn, type ChildProcess } from 'node:child_process';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export interface Running {
  base: string;
  dir: string;
  output: () => string;
  stop(): Promise<void>;
}

/**
 * Starts the real server (built web app, fresh SQLite file, demo data) as a child process; `env` adds to
 * its environment (a PORT in it is used: a server that must know its own address, PUBLIC_URL, is given both).
 */
export async function startServer(env: Record<string, string> = {}): Promise<Running> {
  if (!fs.existsSync(path.join(env.WEB_DIST_DIR ?? path.join(root, 'web/dist'), 'index.html'))) throw new Error('web/dist is missing: run npm run build');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tcb-browser-'));
  const port = env.PORT ? Number(env.PORT) : await freePort();
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: `sqlite:${path.join(dir, 'app.db')}`,
      UPLOADS_DIR: path.join(dir, 'uploads'),
      NODE_ENV: 'development',
      SEED_DEMO: '1',
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout!.on('data', (d) => (out += d));
  child.stderr!.on('data', (d) => (out += d));
  const base = `http://127.0.0.1:${port}`;
  const until = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited:\n${out}`);
    try {
      if ((await fetch(`${base}/healthz`)).ok) break;
    } catch {
      /* not up yet */
    }
    if (Date.now() > until) throw new Error(`server did not start:\n${out}`);
    await new Promise((r) => setTimeout(r, 150));
  }
  return {
    base,
    dir,
    output: () => out,
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.on('exit', r));
        child.kill('SIGTERM');
        await exited;
      }
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Context options a caller may set: `timezoneId` makes its clock run in another zone than the machine's; the rest make a phone. */
export type BrowserOptions = Pick<
  NonNullable<Parameters<typeof chromium.launchPersistentContext>[1]>,
  'timezoneId' | 'isMobile' | 'hasTouch' | 'deviceScaleFactor'
>;

/** A browser, with an empty profile of its own. */
export async function openBrowser(viewport = { width: 1280, height: 800 }, options: BrowserOptions = {}): Promise<BrowserContext> {
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'tcb-chromium-'));
  return chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    viewport,
    ...options,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

/** Saves a screenshot under test-results/ so a person can look at what the test saw. */
export async function snap(page: Page, name: string): Promise<void> {
  const dir = path.join(root, 'test-results');
  fs.mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: path.join(dir, `${name}.png`), fullPage: true });
}

/** One server and one browser for a test file: started before its tests, stopped after them. */
export function serverAndBrowser(viewport?: { width: number; height: number }, options: BrowserOptions = {}, serverEnv: Record<string, string> = {}) {
  const env = {} as { server: Running; browser: BrowserContext };
  beforeAll(async () => {
    env.server = await startServer(serverEnv);
    env.browser = await openBrowser(viewport, options);
  });
  afterAll(async () => {
    await env.browser?.close();
    await env.server?.stop();
  });
  return env;
}
