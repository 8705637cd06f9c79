import { createFileRoute } from '@tanstack/react-router';
import { SentToSubadminsPage } from '../../components/notifications/SentToSubadminsPage';
import { pageHead } from '../../components/layout/pageTitles';

export const Route = createFileRoute('/admin/notifications')({ head: pageHead('/admin/notifications'), component: SentToSubadminsPage });
