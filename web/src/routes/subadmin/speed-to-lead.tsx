import { createFileRoute } from '@tanstack/react-router';
import { pageHead } from '../../components/layout/pageTitles';
import { rangeInput, validateRangeSearch } from '../../components/summaries/rangeSearch';
import { waitingInput } from '../../components/speed/speedSearch';
import { listRoute } from '../../lib/listRoute';
import { SpeedToLeadPage } from '../../components/speed/SpeedToLeadPage';

export const Route = createFileRoute('/subadmin/speed-to-lead')({
  ...listRoute(validateRangeSearch, (trpc, search) =>
    Promise.all([trpc.speed.report.prefetch(rangeInput(search)), trpc.speed.waiting.prefetch(waitingInput(search))]),
  ),
  head: pageHead('/subadmin/speed-to-lead'),
  component: SpeedToLeadPage,
});
