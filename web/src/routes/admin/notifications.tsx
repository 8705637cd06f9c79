import { createFileRoute } from '@tanstack/react-router';
import { SentToSubadminsPage } from '../../components/notifications/SentToSubadminsPage';

export const Route = createFileRoute('/admin/notifications')({ component: SentToSubadminsPage });
