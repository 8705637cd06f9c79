/**
 * The server's own message when the server answered (wrong password, blocked, expired, too many tries);
 * the page's fallback when it did not (network down, proxy error page).
 */
export function signInErrorMessage(err: unknown, fallback: string): string {
  const e = err as { message?: string; data?: { httpStatus?: number } | null } | null;
  return e?.data?.httpStatus && e.message ? e.message : fallback;
}
