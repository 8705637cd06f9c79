import { notifications } from '@mantine/notifications';
import { errorMessage } from '../../trpc';

/** True when the server answered (with an error); false for a request that never got an answer. */
export const serverAnswered = (err: unknown) => typeof (err as { data?: { httpStatus?: number } } | null)?.data?.httpStatus === 'number';

/** A failure toast: the spec's text as the title, the server's reason (when it gave one) below. */
export function notifyFailure(title: string, err: unknown, networkText = 'Please check your connection and try again.') {
  const reason = serverAnswered(err) ? errorMessage(err, '') : '';
  notifications.show({ title, message: reason || networkText, color: 'red', autoClose: 3000 });
}

/** Field messages the server attached to a validation failure, if any. */
export const fieldErrorsOf = (err: unknown): Record<string, string> | undefined =>
  (err as { data?: { fieldErrors?: Record<string, string> } } | null)?.data?.fieldErrors;

export const formatDate = (date: string) => {
  const d = new Date(`${date}T00:00:00Z`);
  return Number.isNaN(d.getTime()) ? date : d.toLocaleDateString('en-IN', { day: '2-digit', month: 'short', year: 'numeric', timeZone: 'UTC' });
};

export const formatDateTime = (iso: string) => {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? iso : d.toLocaleString('en-IN', { day: '2-digit', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit' });
};

export const formatCount = (n: number) => new Intl.NumberFormat('en-IN').format(n);
