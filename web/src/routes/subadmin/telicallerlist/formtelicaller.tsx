import { createFileRoute } from '@tanstack/react-router';
import { pageHead } from '../../../components/layout/pageTitles';
import { CreateTelecallerPage } from '../../../components/users/CreateTelecallerPage';

export const Route = createFileRoute('/subadmin/telicallerlist/formtelicaller')({
  head: pageHead('/subadmin/telicallerlist/formtelicaller'),
  component: CreateTelecallerPage,
});
