import type { inferRouterInputs } from '@trpc/server';
import type { AppRouter } from '../../../server/trpc/router';
import type { AreaKind } from '../components/auth/paths';
import { ME_COPY, offlineCopy } from '../lib/offlineCopy';

type AuthInputs = inferRouterInputs<AppRouter>['auth'];
export type SignInProcedure = 'signInUser' | 'signInAdmin' | 'signInSubadmin';

/** A failed call as the sign-in forms read it: the server's message and status, or no status when it never answered. */
export class CallError extends Error {
  constructor(
    message: string,
    readonly data: { httpStatus?: number; fieldErrors?: Record<string, string> } | null,
  ) {
    super(message);
  }
}

/**
 * One sign-in mutation as a plain POST in tRPC's wire format (no transformer): the sign-in page
 * carries none of the tRPC client and React Query, which the app loads after.
 */
export async function signInCall<P extends SignInProcedure>(procedure: P, input: AuthInputs[P]): Promise<void> {
  let res: Response;
  try {
    res = await fetch(`/trpc/auth.${procedure}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(input),
      credentials: 'same-origin',
    });
  } catch (err) {
    throw new CallError(String(err), null);
  }
  if (res.ok) return;
  const body = (await res.json().catch(() => null)) as { error?: { message?: string; data?: CallError['data'] } } | null;
  const error = body?.error;
  throw new CallError(
    error?.message ?? res.statusText,
    error ? { httpStatus: error.data?.httpStatus ?? res.status, fieldErrors: error.data?.fieldErrors } : null,
  );
}

/**
 * Who is signed in: the session check the app makes first (`/trpc/auth.me`, preloaded by the page).
 * Without a connection, the account last signed in on this phone, whose area opens offline.
 */
export async function signedInKind(): Promise<AreaKind | null> {
  try {
    const res = await fetch('/trpc/auth.me', { credentials: 'same-origin' });
    if (!res.ok) return null;
    const body = (await res.json()) as { result?: { data?: { kind?: AreaKind } | null } };
    return body.result?.data?.kind ?? null;
  } catch {
    return offlineCopy<{ kind: AreaKind }>(ME_COPY)?.data.kind ?? null;
  }
}
