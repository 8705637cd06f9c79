import { createFileRoute } from '@tanstack/react-router';
import { pageHead } from '../../../components/layout/pageTitles';
import { companyProjectsInput, validateTelecallerPageSearch } from '../../../components/projects/pageSearch';
import { listRoute } from '../../../lib/listRoute';
import { ApproveProjectsPage } from '../../../components/projects/ApproveProjectsPage';

export const Route = createFileRoute('/subadmin/SubProject/approveproject')({
  ...listRoute(validateTelecallerPageSearch, (trpc, search) =>
    search.telecaller ? trpc.projects.list.prefetch(companyProjectsInput('pending', search)) : trpc.projects.telecallers.prefetch(),
  ),
  head: pageHead('/subadmin/SubProject/approveproject'),
  component: ApproveProjectsPage,
});
