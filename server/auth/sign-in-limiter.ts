import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.js';
import { AppError } from '../errors.js';
import { clearFailures, deleteEndedFailures, failureWindowEnd, giveBackFailure, takeFailure } from './sign-in-failures.repository.js';

export interface SignInLimits {
  /** failures from browsers not known to the account, before the account is locked to them */
  perAccount: number;
  /** failures from one known browser of the account, before that browser is locked too */
  perKnownDevice: number;
  perAddress: number;
  windowMs: number;
}

const DEFAULT_LIMITS: SignInLimits = { perAccount: 5, perKnownDevice: 10, perAddress: 30, windowMs: 15 * 60_000 };

/** One sign-in attempt counted before its password is checked; settled once it is. */
export interface SignInAttempt {
  failed(): Promise<void>;
  succeeded(): Promise<void>;
}

/**
 * Counts sign-in attempts in the database (table sign_in_failures), so that every instance on one
 * Postgres sees the same counts: per address, and per account apart for unknown browsers and for
 * each browser that signed in to it before (known-devices.ts). Anyone can fail on purpose from
 * unknown browsers and lock those out; that lock never reaches the owner's browsers, each of which
 * only its own failures lock. An attempt is counted before the (slow) password check, in one
 * statement that refuses it once the limit is reached, so parallel attempts cannot all be checked
 * against a count none of them has added to yet. A success gives its address its attempt back and
 * clears the count of the side it came from.
 */
export class SignInLimiter {
  constructor(
    private readonly db: Kysely<DB>,
    private readonly opts: SignInLimits = DEFAULT_LIMITS,
    private readonly now: () => number = Date.now,
  ) {}

  /**
   * Counts an attempt on `accountKey` (the account as typed) from `address`, from the account's
   * known browser `knownDeviceId` if it is one, or refuses it with 429 when a limit is reached.
   */
  async begin(accountKey: string, address: string, knownDeviceId: number | null = null): Promise<SignInAttempt> {
    const addressKey = `ip:${address}`;
    const accountSide = knownDeviceId !== null ? `d:${knownDeviceId}` : `a:${accountKey}`;
    await this.take(addressKey, this.opts.perAddress, '');
    try {
      await this.take(
        accountSide,
        knownDeviceId !== null ? this.opts.perKnownDevice : this.opts.perAccount,
        knownDeviceId !== null ? '' : ' A browser you have signed in with before can still sign in.',
      );
    } catch (err) {
      await this.giveBack(addressKey);
      throw err;
    }
    return {
      failed: async () => {
        // Now and then, the windows that have ended go.
        if (Math.random() < 0.01) await deleteEndedFailures(this.db, this.now());
      },
      succeeded: async () => {
        await this.giveBack(addressKey);
        await clearFailures(this.db, accountSide);
      },
    };
  }

  /** Adds one to the key's count unless it has reached `limit` in a window still running, in one statement. */
  private async take(key: string, limit: number, hint: string): Promise<void> {
    const now = this.now();
    if (await takeFailure(this.db, key, limit, now, now + this.opts.windowMs)) return;
    const resetAt = await failureWindowEnd(this.db, key);
    const minutes = Math.max(1, Math.ceil(((resetAt ?? now) - now) / 60_000));
    throw new AppError('TOO_MANY_REQUESTS', `Too many failed sign-in attempts. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.${hint}`);
  }

  /** Takes one back off the key's count; a count back at nothing leaves no row, as if never taken. */
  private async giveBack(key: string): Promise<void> {
    await giveBackFailure(this.db, key);
  }
}
