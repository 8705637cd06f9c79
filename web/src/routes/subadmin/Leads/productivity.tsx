import { createFileRoute } from '@tanstack/react-router';
import { pageHead } from '../../../components/layout/pageTitles';
import { rangeInput, validateRangeSearch } from '../../../components/summaries/rangeSearch';
import { ProductivityPage } from '../../../components/summaries/ProductivityPage';

export const Route = createFileRoute('/subadmin/Leads/productivity')({
  validateSearch: validateRangeSearch,
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => void context.trpc.summaries.productivity.prefetch(rangeInput(deps)),
  head: pageHead('/subadmin/Leads/productivity'),
  component: ProductivityPage,
});
