import { createFileRoute } from '@tanstack/react-router';
import { pageHead } from '../../../components/layout/pageTitles';
import { TelecallerLeadListPage } from '../../../components/lead-lists/TelecallerLeadListPage';
import { leadListLoader, validateLeadListSearch } from '../../../components/lead-lists/listPages';

export const Route = createFileRoute('/subadmin/Leads/followupleads')({
  validateSearch: validateLeadListSearch,
  loaderDeps: ({ search }) => search,
  loader: leadListLoader('followUp'),
  head: pageHead('/subadmin/Leads/followupleads'),
  component: FollowUpLeadsPage,
});

function FollowUpLeadsPage() {
  return <TelecallerLeadListPage list="followUp" />;
}
