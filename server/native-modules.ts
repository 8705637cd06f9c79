import { createRequire } from 'node:module';
import { sqliteDriver } from './db/sqlite-driver.js';

const requireHere = createRequire(import.meta.url);

/** The dependencies with native code; each carries prebuilt binaries that load at run time. */
export type NativeModule = 'better-sqlite3' | 'argon2';

const loaders: Record<NativeModule, () => void> = {
  'better-sqlite3': () => {
    const db = new (sqliteDriver().Database)(':memory:');
    db.prepare('select 1').get();
    db.close();
  },
  argon2: () => {
    requireHere('argon2');
  },
};

/** better-sqlite3 is needed only when the database is SQLite (the default). */
export function nativeModulesNeeded(env: NodeJS.ProcessEnv): NativeModule[] {
  return /^postgres(ql)?:\/\//.test(env.DATABASE_URL ?? '') ? ['argon2'] : ['better-sqlite3', 'argon2'];
}

/**
 * Loads each module; when one does not load (a platform without a prebuilt binary, or one whose
 * binary does not fit), the message says how to build it from source. undefined when all load.
 */
export function checkNativeModules(modules: NativeModule[], load: (name: NativeModule) => void = (name) => loaders[name]()): string | undefined {
  const failures: string[] = [];
  for (const name of modules) {
    try {
      load(name);
    } catch (err) {
      failures.push(`  ${name}: ${String((err as Error)?.message ?? err).split('\n')[0]}`);
    }
  }
  if (failures.length === 0) return undefined;
  return [
    `Prebuilt native code does not load on this machine (${process.platform}-${process.arch}, Node.js ${process.version}):`,
    ...failures,
    'Build it from source: install python3, make and a C++ compiler (Debian or Ubuntu: apt-get install python3 make g++;',
    'macOS: xcode-select --install; Windows: Visual Studio Build Tools with "Desktop development with C++"),',
    'then run `npm run build-native` here and start again.',
  ].join('\n');
}
