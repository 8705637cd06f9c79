import { isIP } from 'node:net';
import type { Deps } from '../deps.js';
import type { Config } from '../config.js';
import { AppError } from '../errors.js';
import { verifyPassword } from './passwords.js';
import { DEMO_ACCOUNTS, type DemoAccountKind } from '../../seed/demo-accounts.js';
import { findAdminByEmail, findUserForSignIn } from '../services/auth/auth.repository.js';
import { findLiveCompanyByEmail } from '../services/company/company.repository.js';

/** Whether HOST keeps the server to this machine: localhost, 127.0.0.0/8 or ::1 (a name other than localhost may resolve anywhere). */
export function isLoopbackHost(host: string): boolean {
  const h = host
    .trim()
    .toLowerCase()
    .replace(/^\[(.*)\]$/, '$1');
  if (h === 'localhost') return true;
  if (isIP(h) === 4) return h.startsWith('127.');
  if (isIP(h) === 6) return h === '::1' || /^::ffff:127\./.test(h);
  return false;
}

/** Whether a sign-in with this id and password is a demo account's published one. */
export function isPublishedDemoSignIn(kind: DemoAccountKind, signInId: string, password: string): boolean {
  const id = signInId.toLowerCase();
  return DEMO_ACCOUNTS.some((a) => a.kind === kind && a.signInId === id && a.password === password);
}

/** What the person can do, in this code: the admin's password has no page to change it on. */
function howToSetRealOnes(kind: DemoAccountKind, port: number): string {
  const local = `restart the server with HOST=127.0.0.1 and, on the server's machine, sign in at http://localhost:${port}`;
  if (kind === 'admin') {
    return "The demo admin's password cannot be changed in the app: start the server on an empty database with SEED_DEMO=0, ADMIN_EMAIL and ADMIN_PASSWORD.";
  }
  if (kind === 'subadmin') return `To set a real password, ${local}/subadminsignin and change it on Profile Update; then open the server to the network again.`;
  return `To set a real password, the company's owner must ${local}/subadminsignin and set a new one for this user under All Telecallers; then open the server to the network again.`;
}

/**
 * A demo account keeps working with its published password only while the server listens on
 * loopback. Called after the password was verified, so the password typed is the account's own:
 * comparing it with the published one costs no second hash.
 */
export function refuseDemoPasswordOnNetwork(config: Config, kind: DemoAccountKind, signInId: string, password: string): void {
  if (isLoopbackHost(config.host) || !isPublishedDemoSignIn(kind, signInId, password)) return;
  throw new AppError(
    'FORBIDDEN',
    `This demo account still has its published password, and this server is open to the network (HOST=${config.host}), so it cannot sign in with it. ${howToSetRealOnes(kind, config.port)}`,
  );
}

/** The demo accounts that still have their published passwords (checked only when the server is open to the network). */
export async function demoAccountsWithPublishedPasswords(deps: Deps): Promise<string[]> {
  if (isLoopbackHost(deps.config.host)) return [];
  const still: string[] = [];
  for (const a of DEMO_ACCOUNTS) {
    const found =
      a.kind === 'admin'
        ? await findAdminByEmail(deps.db, a.signInId)
        : a.kind === 'subadmin'
          ? await findLiveCompanyByEmail(deps.db, a.signInId)
          : await findUserForSignIn(deps.db, a.signInId);
    if (found && (await verifyPassword(found.password_hash, a.password))) still.push(a.signInId);
  }
  return still;
}

/** The start log's words when demo accounts would be refused. */
export function demoPasswordsStartWarning(config: Config, signInIds: string[]): string {
  return (
    `HOST=${config.host} opens this server to the network: the demo accounts ${signInIds.join(', ')} still have their published passwords and cannot sign in. ` +
    `To use them, restart with HOST=127.0.0.1, sign in at http://localhost:${config.port} from this machine and change their passwords (a company's on Profile Update, its users' under All Telecallers); ` +
    'or start on an empty database with SEED_DEMO=0 and ADMIN_EMAIL and ADMIN_PASSWORD.'
  );
}
