import { createFileRoute } from '@tanstack/react-router';
import { pageHead } from '../../../components/layout/pageTitles';
import { telecallerOnly } from '../../../components/summaries/telecallerOnly';
import { UpdatePaymentPage } from '../../../components/projects/UpdatePaymentPage';

export const Route = createFileRoute('/_user/leadspage/updatepayment')({
  beforeLoad: telecallerOnly,
  head: pageHead('/leadspage/updatepayment'),
  component: UpdatePaymentPage,
});
