import { createFileRoute } from '@tanstack/react-router';
import { pageHead } from '../../../components/layout/pageTitles';
import { requireLeadWorker } from '../../../components/auth/userTypeGuard';
import { LeadQualityPage } from '../../../components/lead-quality/LeadQualityPage';
import { listRoute } from '../../../lib/listRoute';
import { qualityInput, validateQualitySearch } from '../../../components/lead-quality/qualitySearch';

export const Route = createFileRoute('/_user/leadspage/leadquality')({
  beforeLoad: requireLeadWorker,
  ...listRoute(validateQualitySearch, (trpc, search) => trpc.work.quality.prefetch(qualityInput(search))),
  head: pageHead('/leadspage/leadquality'),
  component: LeadQualityPage,
});
