import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { pageHead } from '../../../components/layout/pageTitles';
import { validateTelecallerPageSearch } from '../../../components/projects/pageSearch';
import { CompanyProjectsPage } from '../../../components/projects/CompanyProjectsPage';

export const Route = createFileRoute('/subadmin/Leads/confirmproject')({
  validateSearch: validateTelecallerPageSearch,
  head: pageHead('/subadmin/Leads/confirmproject'),
  component: Page,
});

function Page() {
  const search = Route.useSearch();
  const navigate = useNavigate({ from: '/subadmin/Leads/confirmproject' });
  return <CompanyProjectsPage list="fromLeads" search={search} setSearch={(next) => void navigate({ search: next })} />;
}
