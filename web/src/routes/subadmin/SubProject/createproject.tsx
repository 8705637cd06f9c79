import { createFileRoute } from '@tanstack/react-router';
import { pageHead } from '../../../components/layout/pageTitles';
import { companyProjectsInput, validateTelecallerPageSearch } from '../../../components/projects/pageSearch';
import { listRoute } from '../../../lib/listRoute';
import { CompanyProjectsPage } from '../../../components/projects/CompanyProjectsPage';

export const Route = createFileRoute('/subadmin/SubProject/createproject')({
  ...listRoute(validateTelecallerPageSearch, (trpc, search) => trpc.projects.list.prefetch(companyProjectsInput('running', search))),
  head: pageHead('/subadmin/SubProject/createproject'),
  component: Page,
});

function Page() {
  return <CompanyProjectsPage list="running" />;
}
