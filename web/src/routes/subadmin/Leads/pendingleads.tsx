import { createFileRoute } from '@tanstack/react-router';
import { pageHead } from '../../../components/layout/pageTitles';
import { TelecallerLeadListPage } from '../../../components/lead-lists/TelecallerLeadListPage';
import { leadListLoader, validateLeadListSearch } from '../../../components/lead-lists/listPages';

export const Route = createFileRoute('/subadmin/Leads/pendingleads')({
  validateSearch: validateLeadListSearch,
  loaderDeps: ({ search }) => search,
  loader: leadListLoader('pending'),
  head: pageHead('/subadmin/Leads/pendingleads'),
  component: PendingLeadsPage,
});

function PendingLeadsPage() {
  return <TelecallerLeadListPage list="pending" />;
}
