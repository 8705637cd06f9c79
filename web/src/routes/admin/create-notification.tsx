import { createFileRoute } from '@tanstack/react-router';
import { CreateSubadminNotificationPage } from '../../components/notifications/CreateSubadminNotificationPage';
import { pageHead } from '../../components/layout/pageTitles';

export const Route = createFileRoute('/admin/create-notification')({ head: pageHead('/admin/create-notification'), component: CreateSubadminNotificationPage });
