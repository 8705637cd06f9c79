import { createFileRoute } from '@tanstack/react-router';
import { pageHead } from '../../components/layout/pageTitles';
import { requireDeveloper } from '../../components/auth/userTypeGuard';
import { pageInput, validatePageSearch } from '../../components/projects/pageSearch';
import { DeveloperTasksPage } from '../../components/tasks/DeveloperTasksPage';

export const Route = createFileRoute('/_user/runingtask')({
  beforeLoad: requireDeveloper,
  validateSearch: validatePageSearch,
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => void context.trpc.tasks.mine.prefetch({ list: 'running', ...pageInput(deps) }),
  head: pageHead('/runingtask'),
  component: Page,
});

function Page() {
  return <DeveloperTasksPage list="running" path="/runingtask" />;
}
