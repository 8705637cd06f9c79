import { createFileRoute } from '@tanstack/react-router';
import { pageHead } from '../../../components/layout/pageTitles';
import { rangeInput, validateRangeSearch } from '../../../components/summaries/rangeSearch';
import { listRoute } from '../../../lib/listRoute';
import { ProductivityPage } from '../../../components/summaries/ProductivityPage';

export const Route = createFileRoute('/subadmin/Leads/productivity')({
  ...listRoute(validateRangeSearch, (trpc, search) => trpc.summaries.productivity.prefetch(rangeInput(search))),
  head: pageHead('/subadmin/Leads/productivity'),
  component: ProductivityPage,
});
