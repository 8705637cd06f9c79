import { createFileRoute } from '@tanstack/react-router';
import { pageHead } from '../../components/layout/pageTitles';
import { validateRangeDates } from '../../components/projects/pageSearch';
import { BusinessPage } from '../../components/projects/BusinessPage';

export const Route = createFileRoute('/subadmin/business')({
  validateSearch: validateRangeDates,
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => void context.trpc.projects.business.prefetch(deps),
  head: pageHead('/subadmin/business'),
  component: BusinessPage,
});
