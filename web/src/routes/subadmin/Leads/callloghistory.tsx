import { createFileRoute } from '@tanstack/react-router';
import { pageHead } from '../../../components/layout/pageTitles';
import { companyCallLogInput, validateRangeSearch } from '../../../components/summaries/rangeSearch';
import { listRoute } from '../../../lib/listRoute';
import { CompanyCallLogPage } from '../../../components/summaries/CompanyCallLogPage';

export const Route = createFileRoute('/subadmin/Leads/callloghistory')({
  ...listRoute(validateRangeSearch, (trpc, search) => trpc.summaries.callLog.prefetch(companyCallLogInput(search))),
  head: pageHead('/subadmin/Leads/callloghistory'),
  component: CompanyCallLogPage,
});
