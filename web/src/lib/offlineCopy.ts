/*
 * The last answers a signed-in telecaller needs to keep working without a connection, kept in this
 * browser's localStorage: who is signed in, and the last page of each queue fetched. Read only when
 * the server cannot be reached; forgotten at every sign-in and sign-out.
 */
const PREFIX = 'offline:';

/** The key of the signed-in account's copy (components/auth/session.ts keeps it, the sign-in page reads it). */
export const ME_COPY = 'me';

export interface OfflineCopy<T> {
  data: T;
  /** when it was fetched (ISO) */
  at: string;
}

export function keepOffline<T>(key: string, data: T): void {
  try {
    localStorage.setItem(PREFIX + key, JSON.stringify({ data, at: new Date().toISOString() } satisfies OfflineCopy<T>));
  } catch {
    // Storage full or refused (private mode): the app works online all the same.
  }
}

export function offlineCopy<T>(key: string): OfflineCopy<T> | null {
  try {
    const text = localStorage.getItem(PREFIX + key);
    return text ? (JSON.parse(text) as OfflineCopy<T>) : null;
  } catch {
    return null;
  }
}

export function forgetOfflineCopies(): void {
  try {
    for (const key of Object.keys(localStorage)) if (key.startsWith(PREFIX)) localStorage.removeItem(key);
  } catch {
    // nothing kept
  }
}
