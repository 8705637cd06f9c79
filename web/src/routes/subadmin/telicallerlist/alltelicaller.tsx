import { createFileRoute } from '@tanstack/react-router';
import { pageHead } from '../../../components/layout/pageTitles';
import { userListInput, validateUserListSearch } from '../../../components/users/userListSearch';
import { listRoute } from '../../../lib/listRoute';
import { AllTelecallersPage } from '../../../components/users/AllTelecallersPage';

export const Route = createFileRoute('/subadmin/telicallerlist/alltelicaller')({
  ...listRoute(validateUserListSearch, (trpc, search) => trpc.users.list.prefetch(userListInput(search))),
  head: pageHead('/subadmin/telicallerlist/alltelicaller'),
  component: AllTelecallersPage,
});
