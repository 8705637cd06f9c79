import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { pageHead } from '../../components/layout/pageTitles';
import { validateRangeDates } from '../../components/projects/pageSearch';
import { BusinessPage } from '../../components/projects/BusinessPage';

export const Route = createFileRoute('/subadmin/business')({ validateSearch: validateRangeDates, head: pageHead('/subadmin/business'), component: Page });

function Page() {
  const search = Route.useSearch();
  const navigate = useNavigate({ from: '/subadmin/business' });
  return <BusinessPage search={search} setSearch={(next) => void navigate({ search: next })} />;
}
