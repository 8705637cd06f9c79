import fs from 'node:fs';
import type { Server } from 'node:http';
import type { Socket } from 'node:net';

/** What a host without /proc (or with an unreadable one) is taken to allow: the usual default soft limit. */
export const FALLBACK_OPEN_FILES = 1024;
/** Open files kept for everything but client connections: the database, uploads being written, logs, the listeners, Node's own. */
export const RESERVED_OPEN_FILES = 64;
/** Of what is left, the share kept too: an upload in flight holds a file besides its connection. */
const RESERVED_SHARE = 0.2;
/** Past this share of the cap, connections idle between requests (or yet to send one) are closed to make room. */
const IDLE_SWEEP_SHARE = 0.9;
/** A connection that has not finished sending its first request by then, near the cap, is idle too. */
const FIRST_REQUEST_GRACE_MS = 1_000;
/** Idle connections are looked for at most this often while the server is near its cap. */
const IDLE_SWEEP_EVERY_MS = 100;
/** One warning about refused or failed connections per this long, however many there are. */
const WARN_EVERY_MS = 10_000;

/** The process's soft limit on open files (`ulimit -n`), read from /proc/self/limits; the fallback where it cannot be read. */
export function openFileLimit(limitsFile = '/proc/self/limits'): number {
  try {
    const line = fs
      .readFileSync(limitsFile, 'utf8')
      .split('\n')
      .find((l) => l.startsWith('Max open files'));
    const soft = line?.slice('Max open files'.length).trim().split(/\s+/)[0];
    if (soft === 'unlimited') return Number.MAX_SAFE_INTEGER;
    const n = Number(soft);
    return Number.isInteger(n) && n > 0 ? n : FALLBACK_OPEN_FILES;
  } catch {
    return FALLBACK_OPEN_FILES;
  }
}

/** How many client connections the server holds at once under an open-file limit: what is left after the files kept for the rest. */
export function connectionCapFor(openFiles: number): number {
  return Math.max(1, Math.floor((openFiles - RESERVED_OPEN_FILES) * (1 - RESERVED_SHARE)));
}

export interface CapLogger {
  warn(obj: object, msg: string): void;
}

/**
 * Holds the server to `cap` connections, so that client connections never take the last open files
 * (docs/operations.md#open-files). Near the cap, connections idle between requests, or that have not
 * sent one yet, are closed first, making room for a request (a health check) before anyone is
 * refused; past it, a new connection is closed at once. A failure to accept (EMFILE all the same,
 * from files opened elsewhere) is logged, never thrown: the server goes on with the connections it has.
 */
export function capConnections(server: Server, cap: number, log: CapLogger): void {
  server.maxConnections = cap;
  let open = 0;
  /** connections yet to send a whole first request, and when they came (Node counts them as busy, not idle) */
  const firstRequestDue = new Map<Socket, number>();
  let lastSweep = 0;
  let sweepLater: NodeJS.Timeout | null = null;
  const sweep = () => {
    lastSweep = Date.now();
    server.closeIdleConnections();
    const cutoff = lastSweep - FIRST_REQUEST_GRACE_MS;
    let young = false;
    for (const [socket, at] of firstRequestDue) {
      if (at <= cutoff) socket.destroy();
      else young = true;
    }
    // The ones too young to judge now are judged once their grace has passed, if still near the cap.
    if (young && !sweepLater) {
      sweepLater = setTimeout(() => {
        sweepLater = null;
        if (open >= cap * IDLE_SWEEP_SHARE) sweep();
      }, FIRST_REQUEST_GRACE_MS);
      sweepLater.unref();
    }
  };
  // At most one sweep per interval, and one at its end for what came meanwhile (the rest of a burst).
  const sweepIdle = () => {
    if (sweepLater) return;
    const wait = lastSweep + IDLE_SWEEP_EVERY_MS - Date.now();
    if (wait <= 0) return sweep();
    sweepLater = setTimeout(() => {
      sweepLater = null;
      sweep();
    }, wait);
    sweepLater.unref();
  };
  server.once('close', () => {
    if (sweepLater) clearTimeout(sweepLater);
  });
  const warned = { at: 0, dropped: 0, failed: 0, lastError: '' };
  const warn = () => {
    const now = Date.now();
    if (now - warned.at < WARN_EVERY_MS) return;
    log.warn(
      { cap, dropped: warned.dropped, acceptFailures: warned.failed, lastError: warned.lastError || undefined },
      'connections refused: the server is at its connection cap or out of open files',
    );
    warned.at = now;
    warned.dropped = 0;
    warned.failed = 0;
  };
  server.on('connection', (socket: Socket) => {
    open++;
    firstRequestDue.set(socket, Date.now());
    socket.once('close', () => {
      open--;
      firstRequestDue.delete(socket);
    });
    if (open >= cap * IDLE_SWEEP_SHARE) sweepIdle();
  });
  server.on('request', (req) => firstRequestDue.delete(req.socket));
  server.on('drop', () => {
    warned.dropped++;
    sweepIdle();
    warn();
  });
  server.on('error', (err: NodeJS.ErrnoException) => {
    // Only accept()'s failures reach here once listening; listen()'s own are the caller's to handle.
    if (!server.listening) return;
    warned.failed++;
    warned.lastError = err.code ?? err.message;
    sweepIdle();
    warn();
  });
}

const OUT_OF_FILES = new Set(['EMFILE', 'ENFILE']);

/**
 * Running out of open files fails what was being opened, not the server: such an error thrown where
 * nothing catches it is logged (once per WARN_EVERY_MS) and the process goes on, answering again as
 * soon as files are closed. Any other uncaught error ends the process as Node's default would.
 */
export function surviveOutOfFiles(log: CapLogger): void {
  let warnedAt = 0;
  process.on('uncaughtException', (err: NodeJS.ErrnoException) => {
    if (!OUT_OF_FILES.has(err?.code ?? '')) {
      console.error(err);
      process.exit(1);
    }
    if (Date.now() - warnedAt < WARN_EVERY_MS) return;
    warnedAt = Date.now();
    log.warn({ err }, 'out of open files: an operation failed, the server goes on');
  });
}
