import { createFileRoute } from '@tanstack/react-router';
import { pageHead } from '../../components/layout/pageTitles';
import { telecallerOnly } from '../../components/summaries/telecallerOnly';
import { pageInput, validatePageSearch } from '../../components/projects/pageSearch';
import { MyProjectsPage } from '../../components/projects/MyProjectsPage';

export const Route = createFileRoute('/_user/pendingpayment')({
  beforeLoad: telecallerOnly,
  validateSearch: validatePageSearch,
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => void context.trpc.projects.mine.prefetch({ list: 'pendingPayment', ...pageInput(deps) }),
  head: pageHead('/pendingpayment'),
  component: Page,
});

function Page() {
  return <MyProjectsPage list="pendingPayment" />;
}
