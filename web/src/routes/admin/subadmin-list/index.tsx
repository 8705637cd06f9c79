import { createFileRoute } from '@tanstack/react-router';
import { pageHead } from '../../../components/layout/pageTitles';
import { subadminListInput, validateSubadminListSearch } from '../../../components/subadmins/subadminListSearch';
import { listRoute } from '../../../lib/listRoute';
import { SubadminListPage } from '../../../components/subadmins/SubadminListPage';

export const Route = createFileRoute('/admin/subadmin-list/')({
  head: pageHead('/admin/subadmin-list'),
  ...listRoute(validateSubadminListSearch, (trpc, search) => trpc.subadmins.list.prefetch(subadminListInput(search))),
  component: SubadminListPage,
});
