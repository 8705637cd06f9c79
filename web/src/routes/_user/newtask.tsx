import { createFileRoute } from '@tanstack/react-router';
import { pageHead } from '../../components/layout/pageTitles';
import { requireDeveloper } from '../../components/auth/userTypeGuard';
import { pageInput, validatePageSearch } from '../../components/projects/pageSearch';
import { listRoute } from '../../lib/listRoute';
import { DeveloperTasksPage } from '../../components/tasks/DeveloperTasksPage';

export const Route = createFileRoute('/_user/newtask')({
  beforeLoad: requireDeveloper,
  ...listRoute(validatePageSearch, (trpc, search) => trpc.tasks.mine.prefetch({ list: 'new', ...pageInput(search) })),
  head: pageHead('/newtask'),
  component: Page,
});

function Page() {
  return <DeveloperTasksPage list="new" path="/newtask" />;
}
