import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { pageHead } from '../../../components/layout/pageTitles';
import { TelecallerLeadListPage } from '../../../components/lead-lists/TelecallerLeadListPage';
import { validateLeadListSearch, type LeadListSearch } from '../../../components/lead-lists/listPages';

export const Route = createFileRoute('/subadmin/Leads/notsubmittedleads')({
  validateSearch: validateLeadListSearch,
  head: pageHead('/subadmin/Leads/notsubmittedleads'),
  component: NotSubmittedLeadsPage,
});

function NotSubmittedLeadsPage() {
  const search = Route.useSearch();
  const navigate = useNavigate({ from: '/subadmin/Leads/notsubmittedleads' });
  const setSearch = (next: LeadListSearch, mode: 'push' | 'replace' = 'push') => void navigate({ search: next, replace: mode === 'replace' });
  return <TelecallerLeadListPage list="notSubmitted" search={search} setSearch={setSearch} />;
}
