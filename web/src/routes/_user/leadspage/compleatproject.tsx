import { createFileRoute } from '@tanstack/react-router';
import { pageHead } from '../../../components/layout/pageTitles';
import { telecallerOnly } from '../../../components/summaries/telecallerOnly';
import { pageInput, validatePageSearch } from '../../../components/projects/pageSearch';
import { listRoute } from '../../../lib/listRoute';
import { MyProjectsPage } from '../../../components/projects/MyProjectsPage';

export const Route = createFileRoute('/_user/leadspage/compleatproject')({
  beforeLoad: telecallerOnly,
  ...listRoute(validatePageSearch, (trpc, search) => trpc.projects.mine.prefetch({ list: 'completed', ...pageInput(search) })),
  head: pageHead('/leadspage/compleatproject'),
  component: Page,
});

function Page() {
  return <MyProjectsPage list="completed" />;
}
