import { createFileRoute } from '@tanstack/react-router';
import { pageHead } from '../../../components/layout/pageTitles';
import { pageInput, validatePageSearch } from '../../../components/projects/pageSearch';
import { listRoute } from '../../../lib/listRoute';
import { CompanyTasksPage } from '../../../components/tasks/CompanyTasksPage';

export const Route = createFileRoute('/subadmin/task/compleattask')({
  ...listRoute(validatePageSearch, (trpc, search) => trpc.tasks.list.prefetch({ list: 'completed', ...pageInput(search) })),
  head: pageHead('/subadmin/task/compleattask'),
  component: Page,
});

function Page() {
  return <CompanyTasksPage list="completed" path="/subadmin/task/compleattask" />;
}
