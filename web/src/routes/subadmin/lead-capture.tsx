import { createFileRoute } from '@tanstack/react-router';
import { pageHead } from '../../components/layout/pageTitles';
import { pageInput, validatePageSearch } from '../../components/projects/pageSearch';
import { listRoute } from '../../lib/listRoute';
import { LeadCapturePage } from '../../components/capture/LeadCapturePage';

export const Route = createFileRoute('/subadmin/lead-capture')({
  ...listRoute(validatePageSearch, (trpc, search) => trpc.capture.list.prefetch(pageInput(search))),
  head: pageHead('/subadmin/lead-capture'),
  component: LeadCapturePage,
});
