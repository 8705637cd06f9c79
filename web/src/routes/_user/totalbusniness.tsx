import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { pageHead } from '../../components/layout/pageTitles';
import { telecallerOnly } from '../../components/summaries/telecallerOnly';
import { validatePageSearch } from '../../components/projects/pageSearch';
import { TotalBusinessPage } from '../../components/projects/TotalBusinessPage';

export const Route = createFileRoute('/_user/totalbusniness')({
  beforeLoad: telecallerOnly,
  validateSearch: validatePageSearch,
  head: pageHead('/totalbusniness'),
  component: Page,
});

function Page() {
  const { page } = Route.useSearch();
  const navigate = useNavigate({ from: '/totalbusniness' });
  return <TotalBusinessPage page={page ?? 1} setPage={(p) => void navigate({ search: { page: p > 1 ? p : undefined } })} />;
}
