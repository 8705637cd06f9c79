import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { pageHead } from '../../components/layout/pageTitles';
import { telecallerOnly } from '../../components/summaries/telecallerOnly';
import { validatePageSearch } from '../../components/projects/pageSearch';
import { MyProjectsPage } from '../../components/projects/MyProjectsPage';

export const Route = createFileRoute('/_user/waitingproject')({
  beforeLoad: telecallerOnly,
  validateSearch: validatePageSearch,
  head: pageHead('/waitingproject'),
  component: Page,
});

function Page() {
  const { page } = Route.useSearch();
  const navigate = useNavigate({ from: '/waitingproject' });
  return <MyProjectsPage list="waiting" page={page ?? 1} setPage={(p) => void navigate({ search: { page: p > 1 ? p : undefined } })} />;
}
