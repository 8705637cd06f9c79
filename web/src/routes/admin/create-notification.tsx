import { createFileRoute } from '@tanstack/react-router';
import { CreateSubadminNotificationPage } from '../../components/notifications/CreateSubadminNotificationPage';

export const Route = createFileRoute('/admin/create-notification')({ component: CreateSubadminNotificationPage });
