import { createFileRoute } from '@tanstack/react-router';
import { SubadminComplaintsPage } from '../../../components/complaints/SubadminComplaintsPage';

export const Route = createFileRoute('/subadmin/sendcomplain/pending')({
  component: () => <SubadminComplaintsPage status="pending" />,
});
