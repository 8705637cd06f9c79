import { createFileRoute } from '@tanstack/react-router';
import { pageHead } from '../../../components/layout/pageTitles';
import { companyCallLogInput, validateRangeSearch } from '../../../components/summaries/rangeSearch';
import { CompanyCallLogPage } from '../../../components/summaries/CompanyCallLogPage';

export const Route = createFileRoute('/subadmin/Leads/callloghistory')({
  validateSearch: validateRangeSearch,
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => void context.trpc.summaries.callLog.prefetch(companyCallLogInput(deps)),
  head: pageHead('/subadmin/Leads/callloghistory'),
  component: CompanyCallLogPage,
});
