import { createFileRoute } from '@tanstack/react-router';
import { NotifyUsersPage } from '../../components/notifications/NotifyUsersPage';
import { pageHead } from '../../components/layout/pageTitles';

export const Route = createFileRoute('/subadmin/telicallernotification')({ head: pageHead('/subadmin/telicallernotification'), component: NotifyUsersPage });
