import { createFileRoute } from '@tanstack/react-router';
import { pageHead } from '../../../components/layout/pageTitles';
import { pageInput, validatePageSearch } from '../../../components/projects/pageSearch';
import { listRoute } from '../../../lib/listRoute';
import { CompanyTasksPage } from '../../../components/tasks/CompanyTasksPage';

export const Route = createFileRoute('/subadmin/task/dailytask')({
  ...listRoute(validatePageSearch, (trpc, search) => trpc.tasks.list.prefetch({ list: 'delayed', ...pageInput(search) })),
  head: pageHead('/subadmin/task/dailytask'),
  component: Page,
});

function Page() {
  return <CompanyTasksPage list="delayed" path="/subadmin/task/dailytask" />;
}
