import { createFileRoute } from '@tanstack/react-router';
import { pageHead } from '../../../components/layout/pageTitles';
import { ComplaintsInboxPage } from '../../../components/complaints/ComplaintsInboxPage';

export const Route = createFileRoute('/subadmin/telicallerComplain/pending')({
  head: pageHead('/subadmin/telicallerComplain/pending'),
  component: () => <ComplaintsInboxPage source="company" status="pending" path="/subadmin/telicallerComplain/pending" />,
});
