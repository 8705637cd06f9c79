import { createFileRoute } from '@tanstack/react-router';
import { pageHead } from '../../../components/layout/pageTitles';
import { telecallerOnly } from '../../../components/summaries/telecallerOnly';
import { LoginHoursPage } from '../../../components/summaries/LoginHoursPage';

export const Route = createFileRoute('/_user/leadspage/loginhours')({
  beforeLoad: telecallerOnly,
  head: pageHead('/leadspage/loginhours'),
  component: LoginHoursPage,
});
