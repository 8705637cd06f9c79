import { createFileRoute } from '@tanstack/react-router';
import { SubadminComplaintsPage } from '../../../components/complaints/SubadminComplaintsPage';
import { pageHead } from '../../../components/layout/pageTitles';

export const Route = createFileRoute('/subadmin/sendcomplain/close')({
  head: pageHead('/subadmin/sendcomplain/close'),
  component: () => <SubadminComplaintsPage status="closed" />,
});
