import { createFileRoute } from '@tanstack/react-router';
import { pageHead } from '../../components/layout/pageTitles';
import { requireLeadWorker } from '../../components/auth/userTypeGuard';
import { AddLeadPage } from '../../components/intake/AddLeadPage';

export const Route = createFileRoute('/_user/formlead')({
  // Telecallers and heads add leads; a developer has no lead queue.
  beforeLoad: requireLeadWorker,
  head: pageHead('/formlead'),
  component: AddLeadPage,
});
