import { createFileRoute } from '@tanstack/react-router';
import { pageHead } from '../../../components/layout/pageTitles';
import { ComplaintsInboxPage } from '../../../components/complaints/ComplaintsInboxPage';
import { complaintsInput } from '../../../components/complaints/complaintQueries';

export const Route = createFileRoute('/subadmin/telicallerComplain/close')({
  loader: ({ context }) => void context.trpc.complaints.fromUsers.prefetch(complaintsInput('closed')),
  head: pageHead('/subadmin/telicallerComplain/close'),
  component: () => <ComplaintsInboxPage source="company" status="closed" path="/subadmin/telicallerComplain/close" />,
});
