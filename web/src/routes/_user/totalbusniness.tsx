import { createFileRoute } from '@tanstack/react-router';
import { pageHead } from '../../components/layout/pageTitles';
import { telecallerOnly } from '../../components/summaries/telecallerOnly';
import { pageInput, validatePageSearch } from '../../components/projects/pageSearch';
import { TotalBusinessPage } from '../../components/projects/TotalBusinessPage';

export const Route = createFileRoute('/_user/totalbusniness')({
  beforeLoad: telecallerOnly,
  validateSearch: validatePageSearch,
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => void context.trpc.projects.myBusiness.prefetch(pageInput(deps)),
  head: pageHead('/totalbusniness'),
  component: TotalBusinessPage,
});
