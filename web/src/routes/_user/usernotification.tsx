import { createFileRoute } from '@tanstack/react-router';
import { InboxPage } from '../../components/notifications/InboxPage';

export const Route = createFileRoute('/_user/usernotification')({
  component: () => <InboxPage title="Notifications" description="Messages from your company. Tap one to read it." />,
});
