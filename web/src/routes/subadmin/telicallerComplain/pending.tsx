import { createFileRoute } from '@tanstack/react-router';
import { pageHead } from '../../../components/layout/pageTitles';
import { ComplaintsInboxPage } from '../../../components/complaints/ComplaintsInboxPage';
import { complaintsInput } from '../../../components/complaints/complaintQueries';

export const Route = createFileRoute('/subadmin/telicallerComplain/pending')({
  loader: ({ context }) => void context.trpc.complaints.fromUsers.prefetch(complaintsInput('pending')),
  head: pageHead('/subadmin/telicallerComplain/pending'),
  component: () => <ComplaintsInboxPage source="company" status="pending" path="/subadmin/telicallerComplain/pending" />,
});
