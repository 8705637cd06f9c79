import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { pageHead } from '../../../components/layout/pageTitles';
import { validateTelecallerPageSearch } from '../../../components/projects/pageSearch';
import { ApproveProjectsPage } from '../../../components/projects/ApproveProjectsPage';

export const Route = createFileRoute('/subadmin/SubProject/approveproject')({
  validateSearch: validateTelecallerPageSearch,
  head: pageHead('/subadmin/SubProject/approveproject'),
  component: Page,
});

function Page() {
  const search = Route.useSearch();
  const navigate = useNavigate({ from: '/subadmin/SubProject/approveproject' });
  return <ApproveProjectsPage search={search} setSearch={(next) => void navigate({ search: next })} />;
}
