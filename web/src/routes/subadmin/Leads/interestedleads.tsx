import { createFileRoute } from '@tanstack/react-router';
import { pageHead } from '../../../components/layout/pageTitles';
import { listRoute } from '../../../lib/listRoute';
import { TelecallerLeadListPage } from '../../../components/lead-lists/TelecallerLeadListPage';
import { leadListPrefetch, validateLeadListSearch } from '../../../components/lead-lists/listPages';

export const Route = createFileRoute('/subadmin/Leads/interestedleads')({
  ...listRoute(validateLeadListSearch, leadListPrefetch('interested')),
  head: pageHead('/subadmin/Leads/interestedleads'),
  component: InterestedLeadsPage,
});

function InterestedLeadsPage() {
  return <TelecallerLeadListPage list="interested" />;
}
