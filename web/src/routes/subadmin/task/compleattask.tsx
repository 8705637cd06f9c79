import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { pageHead } from '../../../components/layout/pageTitles';
import { validatePageSearch } from '../../../components/projects/pageSearch';
import { CompanyTasksPage } from '../../../components/tasks/CompanyTasksPage';

export const Route = createFileRoute('/subadmin/task/compleattask')({
  validateSearch: validatePageSearch,
  head: pageHead('/subadmin/task/compleattask'),
  component: Page,
});

function Page() {
  const { page } = Route.useSearch();
  const navigate = useNavigate({ from: '/subadmin/task/compleattask' });
  return (
    <CompanyTasksPage
      list="completed"
      path="/subadmin/task/compleattask"
      page={page ?? 1}
      setPage={(p) => void navigate({ search: { page: p > 1 ? p : undefined } })}
    />
  );
}
