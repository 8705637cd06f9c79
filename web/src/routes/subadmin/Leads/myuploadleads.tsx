import { createFileRoute } from '@tanstack/react-router';
import { pageHead } from '../../../components/layout/pageTitles';
import { UploadedLeadsPage } from '../../../components/lead-lists/UploadedLeadsPage';
import { uploadedLeadsInput, validateUploadedLeadsSearch } from '../../../components/lead-lists/uploadedLeadsSearch';

export const Route = createFileRoute('/subadmin/Leads/myuploadleads')({
  validateSearch: validateUploadedLeadsSearch,
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => void context.trpc.leads.uploaded.prefetch(uploadedLeadsInput(deps)),
  head: pageHead('/subadmin/Leads/myuploadleads'),
  component: UploadedLeadsPage,
});
