import { createFileRoute } from '@tanstack/react-router';
import { InboxPage } from '../../components/notifications/InboxPage';

export const Route = createFileRoute('/subadmin/adminnotification')({
  component: () => <InboxPage title="Admin Notifications" description="Notifications from the platform admin." />,
});
