/**
 * Which Node.js runtimes the app runs on. better-sqlite3 decides it: 13.x (Node-API, prebuilt
 * binaries inside the package) needs Node 22.14+ and crashes on Node 20; 12.x aborts in native code
 * on Node 24.19+. So Node 20 gets 12.x and Node 22.14+ gets 13.x; anything else is refused at start.
 */
export const SUPPORTED_NODE = '20.19+, 22.14+ or 24+ (22 or 24 LTS recommended)';

export type SqlitePackage = 'better-sqlite3' | 'better-sqlite3-node20';

export interface RuntimeCheck {
  ok: boolean;
  /** the package that holds the SQLite driver for this runtime */
  sqlitePackage?: SqlitePackage;
  message?: string;
}

export function checkNodeVersion(version: string): RuntimeCheck {
  const [major = 0, minor = 0] = version.replace(/^v/, '').split('.').map(Number);
  if (major === 20 && minor >= 19) return { ok: true, sqlitePackage: 'better-sqlite3-node20' };
  if ((major === 22 && minor >= 14) || major >= 23) return { ok: true, sqlitePackage: 'better-sqlite3' };
  return {
    ok: false,
    message: `Node.js ${version} is not supported: use Node.js ${SUPPORTED_NODE}.`,
  };
}

/** Stops the process with a clear message on a runtime the app cannot work on, before anything crashes. */
export function exitUnlessSupportedNode(): void {
  const runtime = checkNodeVersion(process.version);
  if (runtime.ok) return;
  console.error(runtime.message);
  process.exit(1);
}
