/**
 * Which Node.js runtimes the app runs on. better-sqlite3 decides it: 13.x (Node-API, prebuilt
 * binaries inside the package) needs Node 22.14+ and crashes on Node 20 (which reached its end of
 * life in April 2026). Anything older is refused at start.
 */
export const SUPPORTED_NODE = '22.14 or newer (22 or 24 LTS)';

export interface RuntimeCheck {
  ok: boolean;
  message?: string;
}

export function checkNodeVersion(version: string): RuntimeCheck {
  const [major = 0, minor = 0] = version.replace(/^v/, '').split('.').map(Number);
  if ((major === 22 && minor >= 14) || major >= 23) return { ok: true };
  return { ok: false, message: `Node.js ${version} is not supported: use Node.js ${SUPPORTED_NODE}.` };
}
