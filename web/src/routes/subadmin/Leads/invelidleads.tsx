import { createFileRoute } from '@tanstack/react-router';
import { pageHead } from '../../../components/layout/pageTitles';
import { listRoute } from '../../../lib/listRoute';
import { TelecallerLeadListPage } from '../../../components/lead-lists/TelecallerLeadListPage';
import { leadListPrefetch, validateLeadListSearch } from '../../../components/lead-lists/listPages';

export const Route = createFileRoute('/subadmin/Leads/invelidleads')({
  ...listRoute(validateLeadListSearch, leadListPrefetch('invalid')),
  head: pageHead('/subadmin/Leads/invelidleads'),
  component: InvalidLeadsPage,
});

function InvalidLeadsPage() {
  return <TelecallerLeadListPage list="invalid" />;
}
