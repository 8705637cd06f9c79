import { createFileRoute } from '@tanstack/react-router';
import { pageHead } from '../../../components/layout/pageTitles';
import { TelecallerLeadListPage } from '../../../components/lead-lists/TelecallerLeadListPage';
import { leadListLoader, validateLeadListSearch } from '../../../components/lead-lists/listPages';

export const Route = createFileRoute('/subadmin/Leads/notsubmittedleads')({
  validateSearch: validateLeadListSearch,
  loaderDeps: ({ search }) => search,
  loader: leadListLoader('notSubmitted'),
  head: pageHead('/subadmin/Leads/notsubmittedleads'),
  component: NotSubmittedLeadsPage,
});

function NotSubmittedLeadsPage() {
  return <TelecallerLeadListPage list="notSubmitted" />;
}
