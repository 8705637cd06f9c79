import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { pageHead } from '../../../components/layout/pageTitles';
import { requireLeadWorker } from '../../../components/auth/userTypeGuard';
import { LeadQualityPage } from '../../../components/lead-quality/LeadQualityPage';
import { validateQualitySearch, type QualitySearch } from '../../../components/lead-quality/qualitySearch';

export const Route = createFileRoute('/_user/leadspage/leadquality')({
  beforeLoad: requireLeadWorker,
  validateSearch: validateQualitySearch,
  head: pageHead('/leadspage/leadquality'),
  component: LeadQualityRoute,
});

function LeadQualityRoute() {
  const search = Route.useSearch();
  const navigate = useNavigate({ from: '/leadspage/leadquality' });
  const setSearch = (next: QualitySearch, mode: 'push' | 'replace' = 'push') => void navigate({ search: next, replace: mode === 'replace' });
  return <LeadQualityPage search={search} setSearch={setSearch} />;
}
