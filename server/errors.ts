/** PRECONDITION_FAILED: the thing asked for is not done to this record (a do-not-call lead is never dialled). */
export type AppErrorCode = 'BAD_REQUEST' | 'UNAUTHORIZED' | 'FORBIDDEN' | 'NOT_FOUND' | 'CONFLICT' | 'PRECONDITION_FAILED' | 'TOO_MANY_REQUESTS';

/** The one error type services throw; each transport maps the code to its own status. */
export class AppError extends Error {
  constructor(
    public readonly code: AppErrorCode,
    message: string,
    public readonly fieldErrors?: Record<string, string>,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const httpStatusOf: Record<AppErrorCode, number> = {
  BAD_REQUEST: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  PRECONDITION_FAILED: 412,
  TOO_MANY_REQUESTS: 429,
};

export const notFound = (what: string) => new AppError('NOT_FOUND', `${what} not found.`);

export const DATABASE_UNAVAILABLE = 'The service is restarting or busy. Please try again in a moment.';

/** The answer (503, with Retry-After) to a request that arrives while the server is overloaded (server/http/overload.ts). */
export const SERVER_BUSY = 'The server is busy. Please try again in a moment.';

// Connection refused or lost, and Postgres' "shutting down", "starting up" and connection classes (57P0x, 08xxx).
const UNAVAILABLE_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', '57P01', '57P02', '57P03', 'SQLITE_BUSY']);
const UNAVAILABLE_MESSAGES = /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error/;

/** Whether an error means the database cannot be reached now (a 503, not a 500: trying again later will do). */
export function isDatabaseUnavailable(err: unknown): boolean {
  for (let e = err as { code?: unknown; message?: unknown; cause?: unknown } | undefined, depth = 0; e && depth < 5; e = e.cause as typeof e, depth++) {
    const code = typeof e.code === 'string' ? e.code : '';
    if (UNAVAILABLE_CODES.has(code) || code.startsWith('08')) return true;
    if (typeof e.message === 'string' && UNAVAILABLE_MESSAGES.test(e.message)) return true;
  }
  return false;
}
