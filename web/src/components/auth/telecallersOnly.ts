import { redirect } from '@tanstack/react-router';

/** beforeLoad of a lead-work page: telecallers and heads work leads; a developer goes home. */
export function telecallersOnly({ context }: { context: unknown }): void {
  const me = (context as { me?: { userType?: string | null } }).me;
  if (me && me.userType !== 'Telicaller' && me.userType !== 'Telicaller-hade') throw redirect({ to: '/', replace: true });
}
