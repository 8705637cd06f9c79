import { createFileRoute } from '@tanstack/react-router';
import { pageHead } from '../../../components/layout/pageTitles';
import { pageInput, validatePageSearch } from '../../../components/projects/pageSearch';
import { listRoute } from '../../../lib/listRoute';
import { CompanyTasksPage } from '../../../components/tasks/CompanyTasksPage';

export const Route = createFileRoute('/subadmin/task/runningtask')({
  ...listRoute(validatePageSearch, (trpc, search) => trpc.tasks.list.prefetch({ list: 'open', ...pageInput(search) })),
  head: pageHead('/subadmin/task/runningtask'),
  component: Page,
});

function Page() {
  return <CompanyTasksPage list="open" path="/subadmin/task/runningtask" />;
}
