import { createFileRoute } from '@tanstack/react-router';
import { ComplaintsInboxPage } from '../../../components/complaints/ComplaintsInboxPage';
import { pageHead } from '../../../components/layout/pageTitles';

export const Route = createFileRoute('/admin/subadmin-camplaints/pending')({
  head: pageHead('/admin/subadmin-camplaints/pending'),
  component: () => <ComplaintsInboxPage source="admin" status="pending" path="/admin/subadmin-camplaints/pending" />,
});
