import { createFileRoute } from '@tanstack/react-router';
import { pageHead } from '../../../components/layout/pageTitles';
import { pageInput, validatePageSearch } from '../../../components/projects/pageSearch';
import { CompanyTasksPage } from '../../../components/tasks/CompanyTasksPage';

export const Route = createFileRoute('/subadmin/task/compleattask')({
  validateSearch: validatePageSearch,
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => void context.trpc.tasks.list.prefetch({ list: 'completed', ...pageInput(deps) }),
  head: pageHead('/subadmin/task/compleattask'),
  component: Page,
});

function Page() {
  return <CompanyTasksPage list="completed" path="/subadmin/task/compleattask" />;
}
