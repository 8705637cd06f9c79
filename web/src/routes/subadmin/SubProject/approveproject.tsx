import { createFileRoute } from '@tanstack/react-router';
import { pageHead } from '../../../components/layout/pageTitles';
import { companyProjectsInput, validateTelecallerPageSearch } from '../../../components/projects/pageSearch';
import { ApproveProjectsPage } from '../../../components/projects/ApproveProjectsPage';

export const Route = createFileRoute('/subadmin/SubProject/approveproject')({
  validateSearch: validateTelecallerPageSearch,
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) =>
    void (deps.telecaller ? context.trpc.projects.list.prefetch(companyProjectsInput('pending', deps)) : context.trpc.projects.telecallers.prefetch()),
  head: pageHead('/subadmin/SubProject/approveproject'),
  component: ApproveProjectsPage,
});
