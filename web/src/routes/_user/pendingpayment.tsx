import { createFileRoute } from '@tanstack/react-router';
import { pageHead } from '../../components/layout/pageTitles';
import { telecallerOnly } from '../../components/summaries/telecallerOnly';
import { pageInput, validatePageSearch } from '../../components/projects/pageSearch';
import { listRoute } from '../../lib/listRoute';
import { MyProjectsPage } from '../../components/projects/MyProjectsPage';

export const Route = createFileRoute('/_user/pendingpayment')({
  beforeLoad: telecallerOnly,
  ...listRoute(validatePageSearch, (trpc, search) => trpc.projects.mine.prefetch({ list: 'pendingPayment', ...pageInput(search) })),
  head: pageHead('/pendingpayment'),
  component: Page,
});

function Page() {
  return <MyProjectsPage list="pendingPayment" />;
}
