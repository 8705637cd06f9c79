import { notifications } from '@mantine/notifications';
import { errorMessage } from '../trpc';

export const notifySuccess = (message: string) => notifications.show({ message, color: 'green', autoClose: 3000 });

export const notifyError = (err: unknown, fallback?: string) =>
  notifications.show({ message: typeof err === 'string' ? err : errorMessage(err, fallback), color: 'red', autoClose: 3000 });
