import { createFileRoute } from '@tanstack/react-router';
import { pageHead } from '../../../components/layout/pageTitles';
import { rangeInput, validateRangeSearch } from '../../../components/summaries/rangeSearch';
import { CallSummaryPage } from '../../../components/summaries/CallSummaryPage';

export const Route = createFileRoute('/subadmin/Leads/callsummary')({
  validateSearch: validateRangeSearch,
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => void context.trpc.summaries.callSummary.prefetch(rangeInput(deps)),
  head: pageHead('/subadmin/Leads/callsummary'),
  component: CallSummaryPage,
});
