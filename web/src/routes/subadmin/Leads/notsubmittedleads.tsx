import { createFileRoute } from '@tanstack/react-router';
import { pageHead } from '../../../components/layout/pageTitles';
import { listRoute } from '../../../lib/listRoute';
import { TelecallerLeadListPage } from '../../../components/lead-lists/TelecallerLeadListPage';
import { leadListPrefetch, validateLeadListSearch } from '../../../components/lead-lists/listPages';

export const Route = createFileRoute('/subadmin/Leads/notsubmittedleads')({
  ...listRoute(validateLeadListSearch, leadListPrefetch('notSubmitted')),
  head: pageHead('/subadmin/Leads/notsubmittedleads'),
  component: NotSubmittedLeadsPage,
});

function NotSubmittedLeadsPage() {
  return <TelecallerLeadListPage list="notSubmitted" />;
}
