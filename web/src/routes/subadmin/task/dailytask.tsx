import { createFileRoute } from '@tanstack/react-router';
import { pageHead } from '../../../components/layout/pageTitles';
import { pageInput, validatePageSearch } from '../../../components/projects/pageSearch';
import { CompanyTasksPage } from '../../../components/tasks/CompanyTasksPage';

export const Route = createFileRoute('/subadmin/task/dailytask')({
  validateSearch: validatePageSearch,
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => void context.trpc.tasks.list.prefetch({ list: 'delayed', ...pageInput(deps) }),
  head: pageHead('/subadmin/task/dailytask'),
  component: Page,
});

function Page() {
  return <CompanyTasksPage list="delayed" path="/subadmin/task/dailytask" />;
}
