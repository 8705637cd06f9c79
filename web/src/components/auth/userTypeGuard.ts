import { redirect } from '@tanstack/react-router';
import type { UserTypeValue } from '../../../../shared/constants';

/** beforeLoad of a user-area page that only some user types have: anyone else goes home. */
export function requireUserType(...types: UserTypeValue[]) {
  return ({ context }: { context: unknown }) => {
    const me = (context as { me?: { userType?: string | null } }).me;
    if (me && !types.some((t) => t === me.userType)) throw redirect({ to: '/', replace: true });
  };
}

/** The lead pages: telecallers and heads work leads; a developer has none. */
export const requireLeadWorker = requireUserType('Telicaller', 'Telicaller-hade');

/** A head's own pages (junior leads, the head's pending leads). */
export const requireHead = requireUserType('Telicaller-hade');

/** The developer's task pages. */
export const requireDeveloper = requireUserType('Developer');
