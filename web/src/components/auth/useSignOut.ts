import { trpc } from '../../trpc';
import { resetSessionCache } from './session';
import { goTo, SIGN_IN_PATH, type AreaKind } from './paths';
import { dropPushSubscription } from '../alerts/pushSubscription';

/** Ends the session, forgets cached data and shows the area's sign-in page (also when the session had already ended). */
export function useSignOut(kind: AreaKind) {
  const utils = trpc.useUtils();
  const signOut = trpc.auth.signOut.useMutation({
    onSettled: () => {
      resetSessionCache();
      void goTo(SIGN_IN_PATH[kind]);
    },
  });
  return {
    // A telecaller's phone stops getting their alerts (docs/alerts.md) before the session ends.
    signOut: () => void (kind === 'user' ? dropPushSubscription(utils) : Promise.resolve()).then(() => signOut.mutate()),
    isPending: signOut.isPending,
  };
}
