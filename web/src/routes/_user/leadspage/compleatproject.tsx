import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { pageHead } from '../../../components/layout/pageTitles';
import { telecallerOnly } from '../../../components/summaries/telecallerOnly';
import { validatePageSearch } from '../../../components/projects/pageSearch';
import { MyProjectsPage } from '../../../components/projects/MyProjectsPage';

export const Route = createFileRoute('/_user/leadspage/compleatproject')({
  beforeLoad: telecallerOnly,
  validateSearch: validatePageSearch,
  head: pageHead('/leadspage/compleatproject'),
  component: Page,
});

function Page() {
  const { page } = Route.useSearch();
  const navigate = useNavigate({ from: '/leadspage/compleatproject' });
  return <MyProjectsPage list="completed" page={page ?? 1} setPage={(p) => void navigate({ search: { page: p > 1 ? p : undefined } })} />;
}
