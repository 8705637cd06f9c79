import { createFileRoute } from '@tanstack/react-router';
import { ComplaintsInboxPage } from '../../../components/complaints/ComplaintsInboxPage';
import { pageHead } from '../../../components/layout/pageTitles';
import { complaintsInput } from '../../../components/complaints/complaintQueries';

export const Route = createFileRoute('/admin/subadmin-camplaints/pending')({
  loader: ({ context }) => void context.trpc.complaints.adminList.prefetch(complaintsInput('pending')),
  head: pageHead('/admin/subadmin-camplaints/pending'),
  component: () => <ComplaintsInboxPage source="admin" status="pending" path="/admin/subadmin-camplaints/pending" />,
});
