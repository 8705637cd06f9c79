import { createFileRoute } from '@tanstack/react-router';
import { ComplaintsInboxPage } from '../../../components/complaints/ComplaintsInboxPage';
import { pageHead } from '../../../components/layout/pageTitles';

export const Route = createFileRoute('/admin/subadmin-camplaints/closed')({
  head: pageHead('/admin/subadmin-camplaints/closed'),
  component: () => <ComplaintsInboxPage source="admin" status="closed" path="/admin/subadmin-camplaints/closed" />,
});
