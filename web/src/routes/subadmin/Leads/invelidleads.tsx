import { createFileRoute } from '@tanstack/react-router';
import { pageHead } from '../../../components/layout/pageTitles';
import { TelecallerLeadListPage } from '../../../components/lead-lists/TelecallerLeadListPage';
import { leadListLoader, validateLeadListSearch } from '../../../components/lead-lists/listPages';

export const Route = createFileRoute('/subadmin/Leads/invelidleads')({
  validateSearch: validateLeadListSearch,
  loaderDeps: ({ search }) => search,
  loader: leadListLoader('invalid'),
  head: pageHead('/subadmin/Leads/invelidleads'),
  component: InvalidLeadsPage,
});

function InvalidLeadsPage() {
  return <TelecallerLeadListPage list="invalid" />;
}
