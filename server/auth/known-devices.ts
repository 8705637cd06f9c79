import { createHash, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { DB, PrincipalKind } from '../db/schema.js';
import { deleteExpiredKnownDevices, deleteKnownDevices, extendKnownDevice, findKnownDevices, insertKnownDevice } from './known-devices.repository.js';

export const KNOWN_DEVICE_COOKIE = 'kd';
/** How long a browser stays known after its last successful sign-in. */
export const KNOWN_DEVICE_MS = 365 * 24 * 3600_000;
/** Accounts one browser remembers (a shared office computer); the oldest is forgotten first. */
const MAX_ACCOUNTS = 8;
const TOKEN_CHARS = 43; // 32 random bytes, base64url
const TOKEN = /^[A-Za-z0-9_-]{43}$/;
const SEPARATOR = '~';

export interface AccountRef {
  kind: PrincipalKind;
  id: number;
  /** the account's current password hash: a browser known under another password is not known */
  passwordHash: string;
}

/** A browser found known to an account: its row, whose id names its own failure counter. */
export interface KnownDevice {
  id: number;
  token: string;
}

const digest = (text: string) => createHash('sha256').update(text).digest('hex');

function tokensOf(cookie: string | undefined): string[] {
  if (!cookie) return [];
  return cookie
    .split(SEPARATOR)
    .filter((t) => t.length === TOKEN_CHARS && TOKEN.test(t))
    .slice(0, MAX_ACCOUNTS);
}

/**
 * "This browser has signed in to this account before": the cookie holds one random token per
 * account (each browser its own), the database its hash, the account and a digest of the password
 * it was earned with, so a new password forgets every browser. It lifts the per-account lock that
 * other people's failures put on an account (the right password is still needed); it proves nothing else.
 */
export class KnownDevices {
  constructor(
    private readonly db: Kysely<DB>,
    private readonly now: () => number = Date.now,
  ) {}

  async find(cookie: string | undefined, account: AccountRef): Promise<KnownDevice | null> {
    const tokens = tokensOf(cookie);
    if (!tokens.length) return null;
    const byHash = new Map(tokens.map((t) => [digest(t), t]));
    const rows = await findKnownDevices(this.db, [...byHash.keys()], account);
    const mark = digest(account.passwordHash);
    const stale = rows.filter((r) => r.password_mark !== mark || Number(r.expires_at) <= this.now());
    if (stale.length)
      await deleteKnownDevices(
        this.db,
        stale.map((r) => r.id),
      );
    const row = rows.find((r) => !stale.includes(r));
    return row ? { id: row.id, token: byHash.get(row.token_hash)! } : null;
  }

  /** After a successful sign-in: the cookie's new value, this account's token first. */
  async remember(cookie: string | undefined, account: AccountRef, known: KnownDevice | null): Promise<string> {
    const now = this.now();
    let token = known?.token;
    if (known) {
      await extendKnownDevice(this.db, known.id, now + KNOWN_DEVICE_MS);
    } else {
      token = randomBytes(32).toString('base64url');
      await insertKnownDevice(this.db, {
        token_hash: digest(token),
        principal_kind: account.kind,
        principal_id: account.id,
        password_mark: digest(account.passwordHash),
        created_at: now,
        expires_at: now + KNOWN_DEVICE_MS,
      });
      // Now and then, the browsers not seen for a year go.
      if (Math.random() < 0.01) await deleteExpiredKnownDevices(this.db, now);
    }
    return [token!, ...tokensOf(cookie).filter((t) => t !== token)].slice(0, MAX_ACCOUNTS).join(SEPARATOR);
  }
}
