import { createFileRoute } from '@tanstack/react-router';
import { ComplaintsInboxPage } from '../../../components/complaints/ComplaintsInboxPage';
import { pageHead } from '../../../components/layout/pageTitles';
import { complaintsInput } from '../../../components/complaints/complaintQueries';

export const Route = createFileRoute('/admin/subadmin-camplaints/closed')({
  loader: ({ context }) => void context.trpc.complaints.adminList.prefetch(complaintsInput('closed')),
  head: pageHead('/admin/subadmin-camplaints/closed'),
  component: () => <ComplaintsInboxPage source="admin" status="closed" path="/admin/subadmin-camplaints/closed" />,
});
