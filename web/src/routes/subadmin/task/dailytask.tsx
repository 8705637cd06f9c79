import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { pageHead } from '../../../components/layout/pageTitles';
import { validatePageSearch } from '../../../components/projects/pageSearch';
import { CompanyTasksPage } from '../../../components/tasks/CompanyTasksPage';

export const Route = createFileRoute('/subadmin/task/dailytask')({
  validateSearch: validatePageSearch,
  head: pageHead('/subadmin/task/dailytask'),
  component: Page,
});

function Page() {
  const { page } = Route.useSearch();
  const navigate = useNavigate({ from: '/subadmin/task/dailytask' });
  return (
    <CompanyTasksPage
      list="delayed"
      path="/subadmin/task/dailytask"
      page={page ?? 1}
      setPage={(p) => void navigate({ search: { page: p > 1 ? p : undefined } })}
    />
  );
}
