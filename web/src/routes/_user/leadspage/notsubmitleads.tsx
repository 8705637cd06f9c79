import { createFileRoute } from '@tanstack/react-router';
import { pageHead } from '../../../components/layout/pageTitles';
import { requireLeadWorker } from '../../../components/auth/userTypeGuard';
import { queueLoader, validateQueueSearch } from '../../../components/lead-work/queueSearch';
import { QueuePage } from '../../../components/lead-work/QueuePage';

export const Route = createFileRoute('/_user/leadspage/notsubmitleads')({
  beforeLoad: requireLeadWorker,
  validateSearch: validateQueueSearch,
  loaderDeps: ({ search }) => search,
  loader: queueLoader('noSubmit'),
  head: pageHead('/leadspage/notsubmitleads'),
  component: NotSubmittedLeadsPage,
});

function NotSubmittedLeadsPage() {
  return <QueuePage queue="noSubmit" />;
}
