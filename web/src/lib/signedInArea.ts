// .js: tests/early-answers.test.ts reads this file under the server's module resolution.
import type { AreaKind } from '../components/auth/paths.js';
import { SESSION_IDLE_MS } from '../../../shared/constants.js';

/**
 * The area of the account signed in on this browser, and until when its session lasts unused, as
 * public/early.js reads it (by this key, `<area>:<epoch ms>`): it asks for a page's data before the
 * app's code has arrived, and a signed-out visit, or one after the session went idle, must not ask
 * (each ask would be a 401). Set at sign-in and by every session check, cleared when the session ends.
 */
export const SIGNED_IN_AREA = 'signedInArea';

export const signedInAreaValue = (kind: AreaKind, now = Date.now()) => `${kind}:${now + SESSION_IDLE_MS}`;

export function rememberSignedInArea(kind: AreaKind | null): void {
  try {
    if (kind) localStorage.setItem(SIGNED_IN_AREA, signedInAreaValue(kind));
    else localStorage.removeItem(SIGNED_IN_AREA);
  } catch {
    // Storage refused (private mode): early.js asks nothing and the app asks for itself.
  }
}
