import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { pageHead } from '../../../components/layout/pageTitles';
import { UploadedLeadsPage } from '../../../components/lead-lists/UploadedLeadsPage';
import { validateUploadedLeadsSearch, type UploadedLeadsSearch } from '../../../components/lead-lists/uploadedLeadsSearch';

export const Route = createFileRoute('/subadmin/Leads/myuploadleads')({
  validateSearch: validateUploadedLeadsSearch,
  head: pageHead('/subadmin/Leads/myuploadleads'),
  component: MyUploadedLeadsPage,
});

function MyUploadedLeadsPage() {
  const search = Route.useSearch();
  const navigate = useNavigate({ from: '/subadmin/Leads/myuploadleads' });
  const setSearch = (next: UploadedLeadsSearch, mode: 'push' | 'replace' = 'push') => void navigate({ search: next, replace: mode === 'replace' });
  return <UploadedLeadsPage search={search} setSearch={setSearch} />;
}
