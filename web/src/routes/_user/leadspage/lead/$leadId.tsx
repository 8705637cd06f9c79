import { createFileRoute } from '@tanstack/react-router';
import { pageHead } from '../../../../components/layout/pageTitles';
import { requireLeadWorker } from '../../../../components/auth/userTypeGuard';
import { validateLeadSearch } from '../../../../components/lead-work/leadSearch';
import { prefetchOpenLead } from '../../../../components/lead-work/openLead';
import { LeadDetailsPage } from '../../../../components/lead-work/LeadDetailsPage';
import { NotFound } from '../../../../components/layout/NotFound';

const leadIdOf = (raw: string) => (/^\d{1,15}$/.test(raw) ? Number(raw) : null);

export const Route = createFileRoute('/_user/leadspage/lead/$leadId')({
  beforeLoad: requireLeadWorker,
  validateSearch: validateLeadSearch,
  loaderDeps: ({ search }) => ({ queue: search.queue }),
  // Opening marks the lead opened ('6'): a preload (a hover, a touch on Process Lead) only fetches the
  // code; the visit itself starts the open while the page renders.
  loader: ({ params, deps, preload }) => {
    const id = leadIdOf(params.leadId);
    if (!preload && id) prefetchOpenLead(id, deps.queue);
  },
  preloadStaleTime: 0,
  head: pageHead('/leadspage/lead/$leadId'),
  component: LeadDetailsRoute,
});

function LeadDetailsRoute() {
  const id = leadIdOf(Route.useParams().leadId);
  const { queue } = Route.useSearch();
  if (!id) return <NotFound home="/" />;
  // A new lead (Next, or the one after a submit) is a new form and a new timer.
  return <LeadDetailsPage key={`${id}:${queue ?? ''}`} leadId={id} queue={queue} />;
}
