import { createFileRoute } from '@tanstack/react-router';
import { pageHead } from '../../../components/layout/pageTitles';
import { companyProjectsInput, validateTelecallerPageSearch } from '../../../components/projects/pageSearch';
import { listRoute } from '../../../lib/listRoute';
import { CompanyProjectsPage } from '../../../components/projects/CompanyProjectsPage';

export const Route = createFileRoute('/subadmin/Leads/confirmproject')({
  ...listRoute(validateTelecallerPageSearch, (trpc, search) => trpc.projects.list.prefetch(companyProjectsInput('fromLeads', search))),
  head: pageHead('/subadmin/Leads/confirmproject'),
  component: Page,
});

function Page() {
  return <CompanyProjectsPage list="fromLeads" />;
}
