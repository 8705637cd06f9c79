import type { RouterContext } from '../routes/__root';

type Trpc = RouterContext['trpc'];

/**
 * A list route's search and loader: the URL's search validated, and the page's first data asked for
 * with that very search while the page's code loads. The loader does not wait for it: the page shows
 * its own loading state (a route whose first paint must hold the rows waits: see queueLoader).
 */
export function listRoute<S>(validateSearch: (search: Record<string, unknown>) => S, prefetch: (trpc: Trpc, search: S) => Promise<unknown>) {
  return {
    validateSearch,
    loaderDeps: ({ search }: { search: S }) => search,
    loader: ({ context, deps }: { context: RouterContext; deps: S }) => void prefetch(context.trpc, deps),
  };
}
