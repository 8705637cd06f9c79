import { createFileRoute } from '@tanstack/react-router';
import { pageHead } from '../../../components/layout/pageTitles';
import { TelecallerLeadListPage } from '../../../components/lead-lists/TelecallerLeadListPage';
import { leadListLoader, validateLeadListSearch } from '../../../components/lead-lists/listPages';

export const Route = createFileRoute('/subadmin/Leads/notinterestedleads')({
  validateSearch: validateLeadListSearch,
  loaderDeps: ({ search }) => search,
  loader: leadListLoader('notInterested'),
  head: pageHead('/subadmin/Leads/notinterestedleads'),
  component: NotInterestedLeadsPage,
});

function NotInterestedLeadsPage() {
  return <TelecallerLeadListPage list="notInterested" />;
}
