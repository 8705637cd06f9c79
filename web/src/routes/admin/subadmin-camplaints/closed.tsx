import { createFileRoute } from '@tanstack/react-router';
import { AdminComplaintsPage } from '../../../components/complaints/AdminComplaintsPage';
import { pageHead } from '../../../components/layout/pageTitles';

export const Route = createFileRoute('/admin/subadmin-camplaints/closed')({
  head: pageHead('/admin/subadmin-camplaints/closed'),
  component: () => <AdminComplaintsPage status="closed" />,
});
