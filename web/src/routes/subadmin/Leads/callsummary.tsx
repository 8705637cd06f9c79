import { createFileRoute } from '@tanstack/react-router';
import { pageHead } from '../../../components/layout/pageTitles';
import { validateRangeSearch } from '../../../components/summaries/rangeSearch';
import { CallSummaryPage } from '../../../components/summaries/CallSummaryPage';

export const Route = createFileRoute('/subadmin/Leads/callsummary')({
  validateSearch: validateRangeSearch,
  head: pageHead('/subadmin/Leads/callsummary'),
  component: CallSummaryPage,
});
