import { createFileRoute } from '@tanstack/react-router';
import { AdminComplaintsPage } from '../../../components/complaints/AdminComplaintsPage';

export const Route = createFileRoute('/admin/subadmin-camplaints/closed')({
  component: () => <AdminComplaintsPage status="closed" />,
});
