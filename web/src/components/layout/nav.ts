import type { IconName } from './icons';
import type { UserTypeValue } from '../../../../shared/constants';

/**
 * One sidebar entry. `to` is a plain path so an area's list can name pages that later work adds:
 * an entry whose route does not exist yet is not shown (no link leads nowhere).
 */
export interface NavItem {
  label: string;
  to: string;
  icon?: IconName;
  /** active only on this exact path (dashboards whose path prefixes the whole area) */
  exact?: boolean;
  /** user area: shown only to these user types (all when absent) */
  userTypes?: readonly UserTypeValue[];
}

export interface NavGroup {
  label: string;
  icon: IconName;
  children: NavItem[];
}

export type NavEntry = NavItem | NavGroup;

export const isNavGroup = (e: NavEntry): e is NavGroup => 'children' in e;

export function isActivePath(pathname: string, item: NavItem): boolean {
  const path = pathname.replace(/\/+$/, '') || '/';
  return item.exact || item.to === '/' ? path === item.to : path === item.to || path.startsWith(`${item.to}/`);
}

/** The entries a user of this type may see (a group keeps the children it may see). */
export function navForUserType(entries: NavEntry[], userType: UserTypeValue | null): NavEntry[] {
  const allowed = (i: NavItem) => !i.userTypes || (userType !== null && i.userTypes.includes(userType));
  return entries.flatMap((e): NavEntry[] => {
    if (!isNavGroup(e)) return allowed(e) ? [e] : [];
    const children = e.children.filter(allowed);
    return children.length ? [{ ...e, children }] : [];
  });
}
