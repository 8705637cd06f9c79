import { createFileRoute } from '@tanstack/react-router';
import { pageHead } from '../../components/layout/pageTitles';
import { requireDeveloper } from '../../components/auth/userTypeGuard';
import { pageInput, validatePageSearch } from '../../components/projects/pageSearch';
import { listRoute } from '../../lib/listRoute';
import { DeveloperTasksPage } from '../../components/tasks/DeveloperTasksPage';

export const Route = createFileRoute('/_user/dailytask')({
  beforeLoad: requireDeveloper,
  ...listRoute(validatePageSearch, (trpc, search) => trpc.tasks.mine.prefetch({ list: 'delayed', ...pageInput(search) })),
  head: pageHead('/dailytask'),
  component: Page,
});

function Page() {
  return <DeveloperTasksPage list="delayed" path="/dailytask" />;
}
