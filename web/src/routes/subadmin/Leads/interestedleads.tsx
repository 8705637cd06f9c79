import { createFileRoute } from '@tanstack/react-router';
import { pageHead } from '../../../components/layout/pageTitles';
import { TelecallerLeadListPage } from '../../../components/lead-lists/TelecallerLeadListPage';
import { leadListLoader, validateLeadListSearch } from '../../../components/lead-lists/listPages';

export const Route = createFileRoute('/subadmin/Leads/interestedleads')({
  validateSearch: validateLeadListSearch,
  loaderDeps: ({ search }) => search,
  loader: leadListLoader('interested'),
  head: pageHead('/subadmin/Leads/interestedleads'),
  component: InterestedLeadsPage,
});

function InterestedLeadsPage() {
  return <TelecallerLeadListPage list="interested" />;
}
