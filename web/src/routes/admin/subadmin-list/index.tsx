import { createFileRoute } from '@tanstack/react-router';
import { pageHead } from '../../../components/layout/pageTitles';
import { subadminListInput, validateSubadminListSearch } from '../../../components/subadmins/subadminListSearch';
import { SubadminListPage } from '../../../components/subadmins/SubadminListPage';

export const Route = createFileRoute('/admin/subadmin-list/')({
  head: pageHead('/admin/subadmin-list'),
  validateSearch: validateSubadminListSearch,
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => void context.trpc.subadmins.list.prefetch(subadminListInput(deps)),
  component: SubadminListPage,
});
