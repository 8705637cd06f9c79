import { createTRPCReact } from '@trpc/react-query';
import { httpLink } from '@trpc/client';
import { QueryClient, onlineManager } from '@tanstack/react-query';
import type { AppRouter } from '../../server/trpc/router';
import { takeEarlyAnswer } from './lib/earlyAnswers';
import { sendOnce } from './lib/sendOnce';

export const trpc = createTRPCReact<AppRouter>();

// React Query starts out thinking the phone is online and learns otherwise only from an 'offline'
// event: an app opened without a connection would try (and retry) every query first.
if (typeof navigator !== 'undefined') onlineManager.setOnline(navigator.onLine);

/** A 4xx answer: asking again would be answered the same. */
const isClientError = (err: unknown) => {
  const status = (err as { data?: { httpStatus?: number } } | null)?.data?.httpStatus ?? 0;
  return status >= 400 && status < 500;
};

export const queryClient = new QueryClient({ defaultOptions: { queries: { staleTime: 15_000, retry: (count, err) => count < 2 && !isClientError(err) } } });

/**
 * Every call goes out the moment it is made, one to a request. A batch waits for a timer, which a
 * phone busy with the page's code fires late: a route loader's data waited for the very code it was
 * meant to load beside, and a Process Lead or Submit for the page's rendering (npm run bench:web).
 * HTTP/1.1's six connections carry a page's few calls side by side. It also gives the session check
 * a fixed address, `/trpc/auth.me`, which index.html asks for before the code has arrived.
 */
export const trpcClient = trpc.createClient({
  links: [
    httpLink({
      url: '/trpc',
      fetch: (url, opts) =>
        takeEarlyAnswer(String(url), opts as RequestInit) ??
        sendOnce(String(url), opts as RequestInit, () => fetch(url, { ...opts, credentials: 'same-origin' })),
    }),
  ],
});

/** The message a person should read for a failed call. */
export function errorMessage(err: unknown, fallback = 'Something went wrong'): string {
  const message = (err as { message?: string } | null)?.message;
  return message && !message.startsWith('Failed to fetch') ? message : fallback;
}
