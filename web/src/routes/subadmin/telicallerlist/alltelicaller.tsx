import { createFileRoute } from '@tanstack/react-router';
import { pageHead } from '../../../components/layout/pageTitles';
import { userListInput, validateUserListSearch } from '../../../components/users/userListSearch';
import { AllTelecallersPage } from '../../../components/users/AllTelecallersPage';

export const Route = createFileRoute('/subadmin/telicallerlist/alltelicaller')({
  validateSearch: validateUserListSearch,
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => void context.trpc.users.list.prefetch(userListInput(deps)),
  head: pageHead('/subadmin/telicallerlist/alltelicaller'),
  component: AllTelecallersPage,
});
