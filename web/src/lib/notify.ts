import { notifications } from '@mantine/notifications';
import { errorMessage } from '../trpc';

/** Where the Toasts container counts the screen as a phone's. */
export const PHONE_QUERY = '(max-width: 48em)';

// Without an autoClose of their own, toasts hide when the Toasts container says (sooner on a phone).
export const notifySuccess = (message: string) => notifications.show({ message, color: 'green' });

/**
 * The sign-in's "Login Successful" on the first page after it. On a phone every other toast sits at the
 * bottom, over nothing a telecaller works with on the lead page; this one lands on the dashboard or a
 * list, whose bottom is tiles and rows, so it goes just below the header, over the page's title.
 */
export const notifyArrival = (message: string) =>
  notifications.show({ message, color: 'green', position: window.matchMedia(PHONE_QUERY).matches ? 'top-center' : undefined });

export const notifyError = (err: unknown, fallback?: string) =>
  notifications.show({ message: typeof err === 'string' ? err : errorMessage(err, fallback), color: 'red' });

/** The HTTP status the server answered a failed call with; null for a request that never got an answer. */
export function answeredStatus(err: unknown): number | null {
  const status = (err as { data?: { httpStatus?: unknown } } | null)?.data?.httpStatus;
  return typeof status === 'number' ? status : null;
}

/** True when the server answered (with an error); false for a request that never got an answer. */
export const serverAnswered = (err: unknown) => answeredStatus(err) !== null;

/**
 * A failure toast: the original app's text as the title, the server's reason (when it gave one) below.
 * `say` puts the reason in the reader's language (the user area's i18n.serverText).
 */
export function notifyFailure(title: string, err: unknown, networkText = 'Please check your connection and try again.', say = (text: string) => text) {
  const reason = serverAnswered(err) ? errorMessage(err, '') : '';
  notifications.show({ title, message: say(reason || networkText), color: 'red' });
}

/** Field messages the server attached to a validation failure, if any. */
export const fieldErrorsOf = (err: unknown): Record<string, string> | undefined =>
  (err as { data?: { fieldErrors?: Record<string, string> } } | null)?.data?.fieldErrors;
