import { AppError } from '../errors.js';

interface Window {
  failures: number;
  resetAt: number;
}

export interface SignInLimits {
  /** failures from browsers not known to the account, before the account is locked to them */
  perAccount: number;
  /** failures from the account's known browsers, before they are locked too */
  perKnownDevice: number;
  perAddress: number;
  windowMs: number;
}

/**
 * Counts failed sign-ins in memory (one container serves a company): per address, and per account
 * apart for unknown browsers and for the browsers that signed in to it before (known-devices.ts).
 * Anyone can fail on purpose from unknown browsers and lock those out; that lock never reaches
 * the owner's known browsers, whose own failures only they can cause. A success clears the count
 * of the side it came from.
 */
export class SignInLimiter {
  private readonly windows = new Map<string, Window>();

  constructor(
    private readonly opts: SignInLimits = { perAccount: 5, perKnownDevice: 10, perAddress: 30, windowMs: 15 * 60_000 },
    private readonly now: () => number = Date.now,
  ) {}

  private accountKey(accountKey: string, knownDevice: boolean) {
    return knownDevice ? `k:${accountKey}` : `a:${accountKey}`;
  }

  assertAllowed(accountKey: string, address: string, knownDevice = false): void {
    const checks = [
      [`ip:${address}`, this.opts.perAddress, ''],
      [
        this.accountKey(accountKey, knownDevice),
        knownDevice ? this.opts.perKnownDevice : this.opts.perAccount,
        knownDevice ? '' : ' A browser you have signed in with before can still sign in.',
      ],
    ] as const;
    for (const [key, limit, hint] of checks) {
      const w = this.current(key);
      if (w && w.failures >= limit) {
        const minutes = Math.max(1, Math.ceil((w.resetAt - this.now()) / 60_000));
        throw new AppError(
          'TOO_MANY_REQUESTS',
          `Too many failed sign-in attempts. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.${hint}`,
        );
      }
    }
  }

  recordFailure(accountKey: string, address: string, knownDevice = false): void {
    for (const key of [this.accountKey(accountKey, knownDevice), `ip:${address}`]) {
      const w = this.current(key) ?? { failures: 0, resetAt: this.now() + this.opts.windowMs };
      w.failures += 1;
      this.windows.set(key, w);
    }
    if (this.windows.size > 10_000) this.sweep();
  }

  recordSuccess(accountKey: string, knownDevice = false): void {
    this.windows.delete(this.accountKey(accountKey, knownDevice));
  }

  private current(key: string): Window | undefined {
    const w = this.windows.get(key);
    if (w && w.resetAt <= this.now()) {
      this.windows.delete(key);
      return undefined;
    }
    return w;
  }

  private sweep(): void {
    for (const key of [...this.windows.keys()]) this.current(key);
  }
}
