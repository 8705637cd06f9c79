import { useState } from 'react';
import { AREA_HOME, goTo, leaveFlash, type AreaKind } from '../components/auth/paths';
import { forgetOfflineCopies } from '../lib/offlineCopy';
import { rememberSignedInArea } from '../lib/signedInArea';
import { CallError, signInCall, type SignInProcedure } from './callProcedure';
import { signInErrorMessage } from './signInError';

const PROCEDURE: Record<AreaKind, SignInProcedure> = { user: 'signInUser', admin: 'signInAdmin', subadmin: 'signInSubadmin' };

/**
 * Signs in and loads the area's first page, which shows `success` as a toast. The server checks the
 * fields again with its schema; its messages go under the fields. Any other failure becomes the server's message (wrong password, blocked, expired, too
 * many tries) or, when it did not answer, the page's `fallback`.
 */
export function useSignIn<K extends AreaKind>(
  kind: K,
  texts: { success: string | null; fallback: string },
  showFieldErrors: (errors: Record<string, string>) => void,
) {
  const [failure, setFailure] = useState<string | null>(null);
  const [isPending, setPending] = useState(false);
  const submit = async (input: Parameters<typeof signInCall<(typeof PROCEDURE)[K]>>[1]) => {
    setFailure(null);
    setPending(true);
    try {
      await signInCall(PROCEDURE[kind], input);
    } catch (err) {
      const fieldErrors = err instanceof CallError ? err.data?.fieldErrors : undefined;
      if (fieldErrors) showFieldErrors(fieldErrors);
      else setFailure(signInErrorMessage(err, texts.fallback));
      setPending(false);
      return;
    }
    // Whatever the last account left for working offline belongs to it.
    forgetOfflineCopies();
    rememberSignedInArea(kind);
    if (texts.success) leaveFlash(texts.success);
    await goTo(AREA_HOME[kind]);
  };
  return { submit, isPending, failure };
}
