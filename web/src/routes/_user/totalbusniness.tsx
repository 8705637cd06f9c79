import { createFileRoute } from '@tanstack/react-router';
import { pageHead } from '../../components/layout/pageTitles';
import { telecallerOnly } from '../../components/summaries/telecallerOnly';
import { pageInput, validatePageSearch } from '../../components/projects/pageSearch';
import { listRoute } from '../../lib/listRoute';
import { TotalBusinessPage } from '../../components/projects/TotalBusinessPage';

export const Route = createFileRoute('/_user/totalbusniness')({
  beforeLoad: telecallerOnly,
  ...listRoute(validatePageSearch, (trpc, search) => trpc.projects.myBusiness.prefetch(pageInput(search))),
  head: pageHead('/totalbusniness'),
  component: TotalBusinessPage,
});
