import { trpc } from '../../trpc';

/** How often the shell asks for due callbacks (and on every return to the window). */
export const REMINDER_POLL_MS = 60_000;

/**
 * Callbacks due within 15 minutes or missed, for the bell and the toasts. One cached query: every
 * caller shares it, and only telecallers and heads (enabled) ask.
 */
export function useCallbackReminders(enabled: boolean) {
  return trpc.work.reminders.useQuery(undefined, {
    enabled,
    refetchInterval: REMINDER_POLL_MS,
    refetchOnWindowFocus: 'always',
    staleTime: REMINDER_POLL_MS / 2,
  });
}
