import { createFileRoute } from '@tanstack/react-router';
import { AdminComplaintsPage } from '../../../components/complaints/AdminComplaintsPage';
import { pageHead } from '../../../components/layout/pageTitles';

export const Route = createFileRoute('/admin/subadmin-camplaints/pending')({
  head: pageHead('/admin/subadmin-camplaints/pending'),
  component: () => <AdminComplaintsPage status="pending" />,
});
