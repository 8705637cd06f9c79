import { createTRPCQueryUtils } from '@trpc/react-query';
import type { inferRouterOutputs } from '@trpc/server';
import type { AppRouter } from '../../../../server/trpc/router';
import { queryClient, trpcClient } from '../../trpc';
import { setDisplayTimeZone } from '../../lib/timeZone';
import { ME_COPY, forgetOfflineCopies, keepOffline, offlineCopy } from '../../lib/offlineCopy';
import { serverAnswered } from '../../lib/notify';
import { rememberSignedInArea } from '../../lib/signedInArea';
import { goTo, SIGN_IN_PATH, type AreaKind } from './paths';

/** tRPC helpers outside React (route guards); they share the query cache with the hooks. */
export const trpcUtils = createTRPCQueryUtils<AppRouter>({ queryClient, client: trpcClient });

export type Me = NonNullable<inferRouterOutputs<AppRouter>['auth']['me']>;

/**
 * The signed-in account, or null. Without a connection, the account this browser last saw signed
 * in (a telecaller opening the installed app offline works from the phone); without either, null.
 */
export async function fetchMe(): Promise<Me | null> {
  const lastSeen = () => offlineCopy<Me>(ME_COPY)?.data ?? null;
  // Offline, every page change would wait for a session check that cannot answer.
  if (!navigator.onLine && !trpcUtils.auth.me.getData()) return lastSeen();
  try {
    const me = await trpcUtils.auth.me.fetch(undefined, { staleTime: 30_000, networkMode: 'always', retry: false });
    if (me) keepOffline(ME_COPY, me);
    rememberSignedInArea(me?.kind ?? null);
    return me;
  } catch (err) {
    if (!serverAnswered(err)) return lastSeen();
    rememberSignedInArea(null);
    return null;
  }
}

/**
 * The area's sign-in page, saying why the session this browser held stopped working (blocked,
 * expired...) when the server knows: a code in the address, which the page puts in words.
 */
export async function goToSignIn(kind: AreaKind): Promise<never> {
  let reason: string | null = null;
  try {
    reason = (await trpcUtils.auth.sessionEnd.fetch(undefined, { staleTime: 0, retry: false })).reason;
  } catch {
    // No answer (offline, server down): the page opens without a reason.
  }
  return goTo(reason ? `${SIGN_IN_PATH[kind]}?reason=${encodeURIComponent(reason)}` : SIGN_IN_PATH[kind]);
}

/** beforeLoad of an area layout: only its own kind of account gets in. */
export function guardArea(kind: AreaKind) {
  return async (): Promise<{ me: Me }> => {
    const me = await fetchMe();
    if (!me) return goToSignIn(kind);
    if (me.kind !== kind) return goTo(SIGN_IN_PATH[kind]);
    setDisplayTimeZone(me.timeZone);
    return { me };
  };
}

/** Forget everything cached for the previous account (after sign-in, sign-out, login-as). */
export function resetSessionCache(): void {
  queryClient.clear();
  forgetOfflineCopies();
  rememberSignedInArea(null);
}
