import { useEffect } from 'react';
import { pageTitle } from './brand';

/**
 * The tab title of a screen that no route names (not-found, error): route pages set theirs with
 * `head` (pageTitles.ts). The title the route had comes back when the screen goes.
 */
export function useDocumentTitle(page: string): void {
  useEffect(() => {
    const before = document.title;
    document.title = pageTitle(page);
    return () => {
      document.title = before;
    };
  }, [page]);
}
