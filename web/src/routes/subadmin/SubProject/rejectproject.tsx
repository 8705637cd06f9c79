import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { pageHead } from '../../../components/layout/pageTitles';
import { validateTelecallerPageSearch } from '../../../components/projects/pageSearch';
import { CompanyProjectsPage } from '../../../components/projects/CompanyProjectsPage';

export const Route = createFileRoute('/subadmin/SubProject/rejectproject')({
  validateSearch: validateTelecallerPageSearch,
  head: pageHead('/subadmin/SubProject/rejectproject'),
  component: Page,
});

function Page() {
  const search = Route.useSearch();
  const navigate = useNavigate({ from: '/subadmin/SubProject/rejectproject' });
  return <CompanyProjectsPage list="rejected" search={search} setSearch={(next) => void navigate({ search: next })} />;
}
