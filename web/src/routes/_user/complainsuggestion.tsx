import { createFileRoute } from '@tanstack/react-router';
import { pageHead } from '../../components/layout/pageTitles';
import { MyComplaintsPage } from '../../components/complaints/MyComplaintsPage';
import { MY_COMPLAINTS_PAGE_SIZE } from '../../components/complaints/complaintQueries';

export const Route = createFileRoute('/_user/complainsuggestion')({
  loader: ({ context }) => void context.trpc.complaints.mineAsUser.prefetch({ page: 1, pageSize: MY_COMPLAINTS_PAGE_SIZE }),
  head: pageHead('/complainsuggestion'),
  component: MyComplaintsPage,
});
