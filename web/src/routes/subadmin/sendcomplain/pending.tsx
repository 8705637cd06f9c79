import { createFileRoute } from '@tanstack/react-router';
import { SubadminComplaintsPage } from '../../../components/complaints/SubadminComplaintsPage';
import { pageHead } from '../../../components/layout/pageTitles';
import { complaintsInput } from '../../../components/complaints/complaintQueries';

export const Route = createFileRoute('/subadmin/sendcomplain/pending')({
  loader: ({ context }) => void context.trpc.complaints.mine.prefetch(complaintsInput('pending')),
  head: pageHead('/subadmin/sendcomplain/pending'),
  component: () => <SubadminComplaintsPage status="pending" />,
});
