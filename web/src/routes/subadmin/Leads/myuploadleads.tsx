import { createFileRoute } from '@tanstack/react-router';
import { pageHead } from '../../../components/layout/pageTitles';
import { UploadedLeadsPage } from '../../../components/lead-lists/UploadedLeadsPage';
import { listRoute } from '../../../lib/listRoute';
import { uploadedLeadsInput, validateUploadedLeadsSearch } from '../../../components/lead-lists/uploadedLeadsSearch';

export const Route = createFileRoute('/subadmin/Leads/myuploadleads')({
  ...listRoute(validateUploadedLeadsSearch, (trpc, search) => trpc.leads.uploaded.prefetch(uploadedLeadsInput(search))),
  head: pageHead('/subadmin/Leads/myuploadleads'),
  component: UploadedLeadsPage,
});
