import { createTRPCReact } from '@trpc/react-query';
import { httpBatchLink } from '@trpc/client';
import { QueryClient } from '@tanstack/react-query';
import type { AppRouter } from '../../server/trpc/router';

export const trpc = createTRPCReact<AppRouter>();

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { staleTime: 15_000, retry: (count, err: any) => count < 2 && !(err?.data?.httpStatus >= 400 && err?.data?.httpStatus < 500) },
  },
});

export const trpcClient = trpc.createClient({
  links: [httpBatchLink({ url: '/trpc', fetch: (url, opts) => fetch(url, { ...opts, credentials: 'same-origin' }) })],
});

/** The message a person should read for a failed call. */
export function errorMessage(err: unknown, fallback = 'Something went wrong'): string {
  const message = (err as { message?: string } | null)?.message;
  return message && !message.startsWith('Failed to fetch') ? message : fallback;
}
