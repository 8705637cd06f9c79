import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { pageHead } from '../../../components/layout/pageTitles';
import { validateTelecallerPageSearch } from '../../../components/projects/pageSearch';
import { CompanyProjectsPage } from '../../../components/projects/CompanyProjectsPage';

export const Route = createFileRoute('/subadmin/SubProject/createproject')({
  validateSearch: validateTelecallerPageSearch,
  head: pageHead('/subadmin/SubProject/createproject'),
  component: Page,
});

function Page() {
  const search = Route.useSearch();
  const navigate = useNavigate({ from: '/subadmin/SubProject/createproject' });
  return <CompanyProjectsPage list="running" search={search} setSearch={(next) => void navigate({ search: next })} />;
}
