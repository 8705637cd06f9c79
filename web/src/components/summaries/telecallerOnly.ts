import { redirect } from '@tanstack/react-router';

/** beforeLoad of a telecaller's page: a developer has no calls, and goes home. */
export function telecallerOnly({ context }: { context: unknown }) {
  const me = (context as { me?: { userType?: string | null } }).me;
  if (me && me.userType !== 'Telicaller' && me.userType !== 'Telicaller-hade') throw redirect({ to: '/', replace: true });
}
