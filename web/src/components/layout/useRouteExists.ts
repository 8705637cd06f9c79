import { useCallback } from 'react';
import { useRouter } from '@tanstack/react-router';
import { isNavGroup, type NavEntry } from './nav';

/** Whether the app has a page at this path (paths with parameters are not looked up). */
export function useRouteExists(): (path: string) => boolean {
  const router = useRouter();
  return useCallback((path: string) => Boolean((router.routesByPath as unknown as Record<string, unknown>)[path.replace(/\/+$/, '') || '/']), [router]);
}

/** The entries whose pages exist; a group with none of its pages left is dropped. */
export function useAvailableNav(entries: NavEntry[]): NavEntry[] {
  const exists = useRouteExists();
  return entries.flatMap((e): NavEntry[] => {
    if (!isNavGroup(e)) return exists(e.to) ? [e] : [];
    const children = e.children.filter((c) => exists(c.to));
    return children.length ? [{ ...e, children }] : [];
  });
}
