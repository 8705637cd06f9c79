import { createFileRoute } from '@tanstack/react-router';
import { pageHead } from '../../../components/layout/pageTitles';
import { rangeInput, validateRangeSearch } from '../../../components/summaries/rangeSearch';
import { listRoute } from '../../../lib/listRoute';
import { CallSummaryPage } from '../../../components/summaries/CallSummaryPage';

export const Route = createFileRoute('/subadmin/Leads/callsummary')({
  ...listRoute(validateRangeSearch, (trpc, search) => trpc.summaries.callSummary.prefetch(rangeInput(search))),
  head: pageHead('/subadmin/Leads/callsummary'),
  component: CallSummaryPage,
});
