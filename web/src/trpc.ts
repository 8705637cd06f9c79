import { createTRPCReact } from '@trpc/react-query';
import { httpBatchLink, httpLink, splitLink } from '@trpc/client';
import { QueryClient } from '@tanstack/react-query';
import type { AppRouter } from '../../server/trpc/router';

export const trpc = createTRPCReact<AppRouter>();

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { staleTime: 15_000, retry: (count, err: any) => count < 2 && !(err?.data?.httpStatus >= 400 && err?.data?.httpStatus < 500) },
  },
});

const sameOrigin = (url: RequestInfo | URL, opts?: RequestInit) => fetch(url, { ...opts, credentials: 'same-origin' });

/**
 * A query goes out the moment it is asked for, one to a request: a batch waits for a timer, which a
 * phone busy starting the page's code fires late, so a route loader's data would wait for the code
 * it was meant to load beside (npm run bench:web). HTTP/1.1's six connections carry a page's few
 * queries side by side. It also gives the session check a fixed address, `/trpc/auth.me`, which
 * index.html asks for before the code has arrived.
 */
export const trpcClient = trpc.createClient({
  links: [
    splitLink({
      condition: (op) => op.type === 'query',
      true: httpLink({ url: '/trpc', fetch: sameOrigin }),
      false: httpBatchLink({ url: '/trpc', fetch: sameOrigin }),
    }),
  ],
});

/** The message a person should read for a failed call. */
export function errorMessage(err: unknown, fallback = 'Something went wrong'): string {
  const message = (err as { message?: string } | null)?.message;
  return message && !message.startsWith('Failed to fetch') ? message : fallback;
}
