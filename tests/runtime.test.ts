import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawn } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { checkNodeVersion } from '../server/runtime.js';
import { sqliteDriver } from '../server/db/sqlite-driver.js';
import { checkNativeModules, nativeModulesNeeded } from '../server/native-modules.js';
import { freePort } from './helpers/net.js';

const root = path.resolve(import.meta.dirname, '..');

describe('Node.js runtime check', () => {
  it.each(['v22.14.0', 'v22.21.1', 'v24.21.0', 'v26.1.0'])('runs on %s', (version) => {
    expect(checkNodeVersion(version)).toEqual({ ok: true });
  });

  it.each(['v18.20.8', 'v20.19.0', 'v20.20.2', 'v21.7.3', 'v22.13.1', 'v22.0.0'])('refuses %s with a message naming the versions', (version) => {
    const check = checkNodeVersion(version);
    expect(check.ok).toBe(false);
    expect(check.message).toBe(`Node.js ${version} is not supported: use Node.js 22.14 or newer (22 or 24 LTS).`);
  });

  it('loads the SQLite driver from better-sqlite3', () => {
    const { Database, path: driverPath } = sqliteDriver();
    expect(driverPath).toContain(`${path.sep}node_modules${path.sep}better-sqlite3${path.sep}`);
    const db = new Database(':memory:');
    expect(db.prepare('select 1 + 1 as two').get()).toEqual({ two: 2 });
    db.close();
  });
});

describe('native modules check', () => {
  it('finds every native module loading here', () => {
    expect(checkNativeModules(['better-sqlite3', 'argon2'])).toBeUndefined();
  });

  it('needs the SQLite driver only when the database is SQLite', () => {
    expect(nativeModulesNeeded({})).toEqual(['better-sqlite3', 'argon2']);
    expect(nativeModulesNeeded({ DATABASE_URL: 'sqlite:./data/app.db' })).toEqual(['better-sqlite3', 'argon2']);
    expect(nativeModulesNeeded({ DATABASE_URL: 'postgres://u@db:5432/x' })).toEqual(['argon2']);
    expect(nativeModulesNeeded({ DATABASE_URL: 'postgresql://u@db:5432/x' })).toEqual(['argon2']);
  });

  it('names the module that does not load, why, and how to build it from source', () => {
    const message = checkNativeModules(['better-sqlite3', 'argon2'], (name) => {
      if (name === 'argon2') throw new Error('No native build was found for platform=freebsd arch=x64\n    loaded from: /x');
    });
    expect(message).toBe(
      [
        `Prebuilt native code does not load on this machine (${process.platform}-${process.arch}, Node.js ${process.version}):`,
        '  argon2: No native build was found for platform=freebsd arch=x64',
        'Build it from source: install python3, make and a C++ compiler (Debian or Ubuntu: apt-get install python3 make g++;',
        'macOS: xcode-select --install; Windows: Visual Studio Build Tools with "Desktop development with C++"),',
        'then run `npm run build-native` here and start again.',
      ].join('\n'),
    );
  });
});

/** The server started as given, until it exits (or 30 s): its exit code and what it printed. */
async function runServer(entry: string, env: Record<string, string>, nodeArgs: string[] = []) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tcb-native-'));
  const port = await freePort();
  // The sources through tsx; npm start's launcher (scripts/run-built.mjs) runs the built server as it is.
  const child = spawn(process.execPath, [...nodeArgs, ...(entry.endsWith('.ts') ? ['--import', 'tsx'] : []), entry], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      DATABASE_URL: `sqlite:${path.join(dir, 'app.db')}`,
      UPLOADS_DIR: path.join(dir, 'uploads'),
      NODE_ENV: 'development',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (d) => (output += d));
  child.stderr!.on('data', (d) => (output += d));
  const timer = setTimeout(() => child.kill('SIGKILL'), 30_000);
  const code = await new Promise<number | null>((resolve) => child.on('exit', (c) => resolve(c)));
  clearTimeout(timer);
  const created = fs.existsSync(path.join(dir, 'app.db'));
  fs.rmSync(dir, { recursive: true, force: true });
  return { code, output, created };
}

describe('start-up on a machine where a prebuilt binary does not load', () => {
  it('npm start (the built server) stops with what to do when argon2 has no binary for the platform', async () => {
    // node-gyp-build looks for argon2's binaries in ARGON2_PREBUILD when set: an empty folder is a
    // platform argon2 ships nothing for.
    const empty = fs.mkdtempSync(path.join(os.tmpdir(), 'tcb-no-prebuild-'));
    const run = await runServer('scripts/run-built.mjs', { ARGON2_PREBUILD: empty });
    fs.rmSync(empty, { recursive: true, force: true });
    expect(run.code).toBe(1);
    expect(run.output).toContain('  argon2: No native build was found for platform=');
    expect(run.output).toContain('install python3, make and a C++ compiler');
    expect(run.output).toContain('then run `npm run build-native` here and start again.');
    expect(run.output).not.toMatch(/^\s+at /m);
    expect(run.created).toBe(false);
  });

  it('the server stops with what to do when the SQLite binary does not fit the machine', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tcb-bad-binary-'));
    const preload = path.join(dir, 'bad-sqlite-binary.cjs');
    // What the loader answers for a binary built for a newer C library than the machine has.
    fs.writeFileSync(
      preload,
      `const dlopen = process.dlopen;
       process.dlopen = function (module, file, ...rest) {
         if (/better[-_]sqlite3/.test(file)) throw new Error('/lib/x86_64-linux-gnu/libc.so.6: version \`GLIBC_2.99\` not found (required by ' + file + ')');
         return dlopen.call(this, module, file, ...rest);
       };`,
    );
    const run = await runServer('server/main.ts', {}, ['--require', preload]);
    expect(run.code).toBe(1);
    expect(run.output).toMatch(/^ {2}better-sqlite3: \/lib\/x86_64-linux-gnu\/libc\.so\.6: version `GLIBC_2\.99` not found/m);
    expect(run.output).not.toContain('  argon2:');
    expect(run.output).toContain('then run `npm run build-native` here and start again.');
    expect(run.output).not.toMatch(/^\s+at /m);
    expect(run.created).toBe(false);

    fs.rmSync(dir, { recursive: true, force: true });
  });
});
