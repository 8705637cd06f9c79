import { createFileRoute } from '@tanstack/react-router';
import { pageHead } from '../../../components/layout/pageTitles';
import { listRoute } from '../../../lib/listRoute';
import { TelecallerLeadListPage } from '../../../components/lead-lists/TelecallerLeadListPage';
import { leadListPrefetch, validateLeadListSearch } from '../../../components/lead-lists/listPages';

export const Route = createFileRoute('/subadmin/Leads/notinterestedleads')({
  ...listRoute(validateLeadListSearch, leadListPrefetch('notInterested')),
  head: pageHead('/subadmin/Leads/notinterestedleads'),
  component: NotInterestedLeadsPage,
});

function NotInterestedLeadsPage() {
  return <TelecallerLeadListPage list="notInterested" />;
}
