import { createFileRoute } from '@tanstack/react-router';
import { pageHead } from '../../../components/layout/pageTitles';
import { requireLeadWorker } from '../../../components/auth/userTypeGuard';
import { LeadQualityPage } from '../../../components/lead-quality/LeadQualityPage';
import { qualityInput, validateQualitySearch } from '../../../components/lead-quality/qualitySearch';

export const Route = createFileRoute('/_user/leadspage/leadquality')({
  beforeLoad: requireLeadWorker,
  validateSearch: validateQualitySearch,
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => void context.trpc.work.quality.prefetch(qualityInput(deps)),
  head: pageHead('/leadspage/leadquality'),
  component: LeadQualityPage,
});
