import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { pageHead } from '../../../components/layout/pageTitles';
import { TelecallerLeadListPage } from '../../../components/lead-lists/TelecallerLeadListPage';
import { validateLeadListSearch, type LeadListSearch } from '../../../components/lead-lists/listPages';

export const Route = createFileRoute('/subadmin/Leads/invelidleads')({
  validateSearch: validateLeadListSearch,
  head: pageHead('/subadmin/Leads/invelidleads'),
  component: InvalidLeadsPage,
});

function InvalidLeadsPage() {
  const search = Route.useSearch();
  const navigate = useNavigate({ from: '/subadmin/Leads/invelidleads' });
  const setSearch = (next: LeadListSearch, mode: 'push' | 'replace' = 'push') => void navigate({ search: next, replace: mode === 'replace' });
  return <TelecallerLeadListPage list="invalid" search={search} setSearch={setSearch} />;
}
