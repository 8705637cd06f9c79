import { createFileRoute } from '@tanstack/react-router';
import { pageHead } from '../../../components/layout/pageTitles';
import { companyProjectsInput, validateTelecallerPageSearch } from '../../../components/projects/pageSearch';
import { CompanyProjectsPage } from '../../../components/projects/CompanyProjectsPage';

export const Route = createFileRoute('/subadmin/SubProject/rejectproject')({
  validateSearch: validateTelecallerPageSearch,
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => void context.trpc.projects.list.prefetch(companyProjectsInput('rejected', deps)),
  head: pageHead('/subadmin/SubProject/rejectproject'),
  component: Page,
});

function Page() {
  return <CompanyProjectsPage list="rejected" />;
}
