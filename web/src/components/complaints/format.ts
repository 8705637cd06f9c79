import dayjs from 'dayjs';
import { notifications } from '@mantine/notifications';
import { errorMessage } from '../../trpc';

/** A stored ISO timestamp in the reader's local time, e.g. "05 Mar 2025, 02:30 PM". */
export const formatDateTime = (iso: string | null | undefined) => (iso ? dayjs(iso).format('DD MMM YYYY, hh:mm A') : '');

/** True when the server answered (with an error); false for a request that never got an answer. */
export const serverAnswered = (err: unknown) => typeof (err as { data?: { httpStatus?: number } } | null)?.data?.httpStatus === 'number';

/** A failure toast: the spec's text as the title, the server's reason (when it gave one) below. */
export function notifyFailure(title: string, err: unknown) {
  const reason = serverAnswered(err) ? errorMessage(err, '') : '';
  notifications.show({ title, message: reason || 'Please try again.', color: 'red', autoClose: 3000 });
}

/** The row number shown in a paged table's # column. */
export const rowNumber = (page: number, pageSize: number, index: number) => (page - 1) * pageSize + index + 1;
