import { createFileRoute } from '@tanstack/react-router';
import { pageHead } from '../../../components/layout/pageTitles';
import { companyProjectsInput, validateTelecallerPageSearch } from '../../../components/projects/pageSearch';
import { listRoute } from '../../../lib/listRoute';
import { CompanyProjectsPage } from '../../../components/projects/CompanyProjectsPage';

export const Route = createFileRoute('/subadmin/SubProject/compleatproject')({
  ...listRoute(validateTelecallerPageSearch, (trpc, search) => trpc.projects.list.prefetch(companyProjectsInput('completed', search))),
  head: pageHead('/subadmin/SubProject/compleatproject'),
  component: Page,
});

function Page() {
  return <CompanyProjectsPage list="completed" />;
}
