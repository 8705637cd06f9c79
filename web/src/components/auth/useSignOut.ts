import { trpc } from '../../trpc';
import { resetSessionCache } from './session';
import { goTo, SIGN_IN_PATH, type AreaKind } from './paths';

/** Ends the session, forgets cached data and shows the area's sign-in page (also when the session had already ended). */
export function useSignOut(kind: AreaKind) {
  const signOut = trpc.auth.signOut.useMutation({
    onSettled: () => {
      resetSessionCache();
      void goTo(SIGN_IN_PATH[kind]);
    },
  });
  return { signOut: () => signOut.mutate(), isPending: signOut.isPending };
}
