import { useEffect } from 'react';
import { queryClient, trpc } from '../../trpc';
import { goToSignIn, resetSessionCache, trpcUtils, type Me } from './session';
import type { AreaKind } from './paths';
import { setDisplayTimeZone } from '../../lib/timeZone';

const isUnauthorized = (err: unknown) => (err as { data?: { httpStatus?: number } | null } | null)?.data?.httpStatus === 401;

/**
 * The signed-in account for an area layout. When the session ends while a page is open
 * (signed out elsewhere, blocked, expired company), a refreshed `auth.me` answers null and the
 * visitor goes to the area's sign-in page, which says why. Any call answering 401 triggers that refresh.
 * It also sets the time zone every date and time of the area is shown in.
 */
export function useSessionWatch(kind: AreaKind, fromGuard: Me): Me {
  const me = trpc.auth.me.useQuery(undefined, { staleTime: 30_000 });

  useEffect(() => {
    if (me.data !== null) return;
    resetSessionCache();
    void goToSignIn(kind);
  }, [kind, me.data]);

  useEffect(() => {
    const recheck = (err: unknown) => {
      if (isUnauthorized(err)) void trpcUtils.auth.me.refetch().catch(() => undefined);
    };
    const offQueries = queryClient.getQueryCache().subscribe((e) => {
      if (e.type === 'updated' && e.action.type === 'error') recheck(e.action.error);
    });
    const offMutations = queryClient.getMutationCache().subscribe((e) => {
      if (e.type === 'updated' && e.action.type === 'error') recheck(e.action.error);
    });
    return () => {
      offQueries();
      offMutations();
    };
  }, []);

  const current = me.data ?? fromGuard;
  // Before the area's pages render: their times follow the company's zone, also right after it changes.
  setDisplayTimeZone(current.timeZone);
  return current;
}
