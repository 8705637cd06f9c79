import { createFileRoute } from '@tanstack/react-router';
import { NotifyUsersPage } from '../../components/notifications/NotifyUsersPage';

export const Route = createFileRoute('/subadmin/telicallernotification')({ component: NotifyUsersPage });
