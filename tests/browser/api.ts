import type { ProcedureOutput } from '../helpers/http.js';

/**
 * The running server's API as a script drives it: sign in over the legacy login, then call tRPC
 * with the bearer token (a token needs no same-origin proof). For setting up what a page shows.
 */
export async function signInUser(base: string, mobile: string, password: string): Promise<string> {
  const res = await fetch(`${base}/api/webapi/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ mobile, password }),
  });
  if (!res.ok) throw new Error(`sign-in failed (${res.status}): ${await res.text()}`);
  return ((await res.json()) as { token: string }).token;
}

export async function callTrpc<P extends string>(
  base: string,
  token: string,
  kind: 'query' | 'mutation',
  procedure: P,
  input?: unknown,
): Promise<ProcedureOutput<P>> {
  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  const res =
    kind === 'query'
      ? await fetch(`${base}/trpc/${procedure}${input === undefined ? '' : `?input=${encodeURIComponent(JSON.stringify(input))}`}`, { headers })
      : await fetch(`${base}/trpc/${procedure}`, { method: 'POST', headers, body: JSON.stringify(input ?? null) });
  const body = (await res.json()) as { result?: { data: ProcedureOutput<P> }; error?: { message: string } };
  if (!res.ok || !body.result) throw new Error(`${procedure} failed (${res.status}): ${body.error?.message}`);
  return body.result.data;
}
