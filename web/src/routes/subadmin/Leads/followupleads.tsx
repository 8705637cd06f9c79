import { createFileRoute } from '@tanstack/react-router';
import { pageHead } from '../../../components/layout/pageTitles';
import { listRoute } from '../../../lib/listRoute';
import { TelecallerLeadListPage } from '../../../components/lead-lists/TelecallerLeadListPage';
import { leadListPrefetch, validateLeadListSearch } from '../../../components/lead-lists/listPages';

export const Route = createFileRoute('/subadmin/Leads/followupleads')({
  ...listRoute(validateLeadListSearch, leadListPrefetch('followUp')),
  head: pageHead('/subadmin/Leads/followupleads'),
  component: FollowUpLeadsPage,
});

function FollowUpLeadsPage() {
  return <TelecallerLeadListPage list="followUp" />;
}
