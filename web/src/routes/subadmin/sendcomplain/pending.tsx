import { createFileRoute } from '@tanstack/react-router';
import { SubadminComplaintsPage } from '../../../components/complaints/SubadminComplaintsPage';
import { pageHead } from '../../../components/layout/pageTitles';

export const Route = createFileRoute('/subadmin/sendcomplain/pending')({
  head: pageHead('/subadmin/sendcomplain/pending'),
  component: () => <SubadminComplaintsPage status="pending" />,
});
