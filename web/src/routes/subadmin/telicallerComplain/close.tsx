import { createFileRoute } from '@tanstack/react-router';
import { pageHead } from '../../../components/layout/pageTitles';
import { ComplaintsInboxPage } from '../../../components/complaints/ComplaintsInboxPage';

export const Route = createFileRoute('/subadmin/telicallerComplain/close')({
  head: pageHead('/subadmin/telicallerComplain/close'),
  component: () => <ComplaintsInboxPage source="company" status="closed" path="/subadmin/telicallerComplain/close" />,
});
