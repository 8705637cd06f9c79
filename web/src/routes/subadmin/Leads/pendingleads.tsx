import { createFileRoute } from '@tanstack/react-router';
import { pageHead } from '../../../components/layout/pageTitles';
import { listRoute } from '../../../lib/listRoute';
import { TelecallerLeadListPage } from '../../../components/lead-lists/TelecallerLeadListPage';
import { leadListPrefetch, validateLeadListSearch } from '../../../components/lead-lists/listPages';

export const Route = createFileRoute('/subadmin/Leads/pendingleads')({
  ...listRoute(validateLeadListSearch, leadListPrefetch('pending')),
  head: pageHead('/subadmin/Leads/pendingleads'),
  component: PendingLeadsPage,
});

function PendingLeadsPage() {
  return <TelecallerLeadListPage list="pending" />;
}
