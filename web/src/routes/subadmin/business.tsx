import { createFileRoute } from '@tanstack/react-router';
import { pageHead } from '../../components/layout/pageTitles';
import { validateRangeDates } from '../../components/projects/pageSearch';
import { listRoute } from '../../lib/listRoute';
import { BusinessPage } from '../../components/projects/BusinessPage';

export const Route = createFileRoute('/subadmin/business')({
  ...listRoute(validateRangeDates, (trpc, search) => trpc.projects.business.prefetch(search)),
  head: pageHead('/subadmin/business'),
  component: BusinessPage,
});
