import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { pageHead } from '../../components/layout/pageTitles';
import { validatePageSearch } from '../../components/projects/pageSearch';
import { PendingUpdatesPage } from '../../components/projects/PendingUpdatesPage';

export const Route = createFileRoute('/subadmin/payment')({ validateSearch: validatePageSearch, head: pageHead('/subadmin/payment'), component: Page });

function Page() {
  const { page } = Route.useSearch();
  const navigate = useNavigate({ from: '/subadmin/payment' });
  return <PendingUpdatesPage page={page ?? 1} setPage={(p) => void navigate({ search: { page: p > 1 ? p : undefined } })} />;
}
