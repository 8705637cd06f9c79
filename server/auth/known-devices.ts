import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { DB, PrincipalKind } from '../db/schema.js';

export const KNOWN_DEVICE_COOKIE = 'kd';
/** How long a browser stays known after its last successful sign-in. */
export const KNOWN_DEVICE_MS = 365 * 24 * 3600_000;
/** Accounts one browser remembers (a shared office computer); the oldest is forgotten first. */
const MAX_ACCOUNTS = 8;
const TAG_CHARS = 22; // 132 bits of an HMAC-SHA256, base64url
const SEPARATOR = '~';
const KEY_NAME = 'known_device_key';

export interface AccountRef {
  kind: PrincipalKind;
  id: number;
}

/**
 * "This browser has signed in to this account before": a cookie of HMAC tags, one per account, made
 * with a key only the server has. It lifts the per-account lock that other people's failures put
 * on an account (the right password is still needed); it proves nothing else.
 */
export class KnownDevices {
  constructor(private readonly key: Buffer) {}

  private tag(account: AccountRef): string {
    return createHmac('sha256', this.key).update(`known-device:${account.kind}:${account.id}`).digest('base64url').slice(0, TAG_CHARS);
  }

  private static tags(cookie: string | undefined): string[] {
    if (!cookie) return [];
    return cookie.split(SEPARATOR).filter((t) => t.length === TAG_CHARS).slice(0, MAX_ACCOUNTS);
  }

  isKnown(cookie: string | undefined, account: AccountRef): boolean {
    const want = Buffer.from(this.tag(account));
    return KnownDevices.tags(cookie).some((t) => timingSafeEqual(Buffer.from(t), want));
  }

  /** The cookie's new value after a successful sign-in to the account. */
  remember(cookie: string | undefined, account: AccountRef): string {
    const tag = this.tag(account);
    return [tag, ...KnownDevices.tags(cookie).filter((t) => t !== tag)].slice(0, MAX_ACCOUNTS).join(SEPARATOR);
  }
}

/** The key is made on first start and kept in the database: restarts and replicas share it. */
export async function loadKnownDevices(db: Kysely<DB>): Promise<KnownDevices> {
  await db
    .insertInto('app_secrets')
    .values({ name: KEY_NAME, value: randomBytes(32).toString('base64url'), created_at: new Date().toISOString() })
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
  const row = await db.selectFrom('app_secrets').select('value').where('name', '=', KEY_NAME).executeTakeFirstOrThrow();
  return new KnownDevices(Buffer.from(row.value, 'base64url'));
}
