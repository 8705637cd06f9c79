import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { pageHead } from '../../components/layout/pageTitles';
import { requireDeveloper } from '../../components/auth/userTypeGuard';
import { validatePageSearch } from '../../components/projects/pageSearch';
import { DeveloperTasksPage } from '../../components/tasks/DeveloperTasksPage';

export const Route = createFileRoute('/_user/compleattask')({
  beforeLoad: requireDeveloper,
  validateSearch: validatePageSearch,
  head: pageHead('/compleattask'),
  component: Page,
});

function Page() {
  const { page } = Route.useSearch();
  const navigate = useNavigate({ from: '/compleattask' });
  return (
    <DeveloperTasksPage list="completed" path="/compleattask" page={page ?? 1} setPage={(p) => void navigate({ search: { page: p > 1 ? p : undefined } })} />
  );
}
