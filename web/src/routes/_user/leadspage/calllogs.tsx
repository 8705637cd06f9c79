import { createFileRoute } from '@tanstack/react-router';
import { pageHead } from '../../../components/layout/pageTitles';
import { telecallerOnly } from '../../../components/summaries/telecallerOnly';
import { MY_CALL_LOG_PAGE_SIZE, rangePageInput, validateRangeSearch } from '../../../components/summaries/rangeSearch';
import { listRoute } from '../../../lib/listRoute';
import { CallLogPage } from '../../../components/summaries/CallLogPage';

export const Route = createFileRoute('/_user/leadspage/calllogs')({
  beforeLoad: telecallerOnly,
  ...listRoute(validateRangeSearch, (trpc, search) => trpc.summaries.myCallLog.prefetch(rangePageInput(search, MY_CALL_LOG_PAGE_SIZE))),
  head: pageHead('/leadspage/calllogs'),
  component: CallLogsPage,
});

function CallLogsPage() {
  return <CallLogPage view="calls" />;
}
