import { createFileRoute } from '@tanstack/react-router';
import { pageHead } from '../../../components/layout/pageTitles';
import { requireHead } from '../../../components/auth/userTypeGuard';
import { queueLoader, validateQueueSearch } from '../../../components/lead-work/queueSearch';
import { QueuePage } from '../../../components/lead-work/QueuePage';

export const Route = createFileRoute('/_user/TellyCalerHad/HeadPending')({
  beforeLoad: requireHead,
  validateSearch: validateQueueSearch,
  loaderDeps: ({ search }) => search,
  loader: queueLoader('pending'),
  head: pageHead('/TellyCalerHad/HeadPending'),
  component: HeadPendingLeadsPage,
});

function HeadPendingLeadsPage() {
  return <QueuePage queue="pending" />;
}
