import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { pageHead } from '../../../components/layout/pageTitles';
import { validatePageSearch } from '../../../components/projects/pageSearch';
import { CompanyTasksPage } from '../../../components/tasks/CompanyTasksPage';

export const Route = createFileRoute('/subadmin/task/runningtask')({
  validateSearch: validatePageSearch,
  head: pageHead('/subadmin/task/runningtask'),
  component: Page,
});

function Page() {
  const { page } = Route.useSearch();
  const navigate = useNavigate({ from: '/subadmin/task/runningtask' });
  return (
    <CompanyTasksPage
      list="open"
      path="/subadmin/task/runningtask"
      page={page ?? 1}
      setPage={(p) => void navigate({ search: { page: p > 1 ? p : undefined } })}
    />
  );
}
