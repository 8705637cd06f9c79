import { useNavigate } from '@tanstack/react-router';
import { trpc } from '../../trpc';
import { resetSessionCache, SIGN_IN_PATH, type AreaKind } from './session';

/** Ends the session, forgets cached data and shows the area's sign-in page (also when the session had already ended). */
export function useSignOut(kind: AreaKind) {
  const navigate = useNavigate();
  const signOut = trpc.auth.signOut.useMutation({
    onSettled: async () => {
      resetSessionCache();
      await navigate({ to: SIGN_IN_PATH[kind], replace: true });
    },
  });
  return { signOut: () => signOut.mutate(), isPending: signOut.isPending };
}
