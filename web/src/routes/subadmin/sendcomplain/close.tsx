import { createFileRoute } from '@tanstack/react-router';
import { SubadminComplaintsPage } from '../../../components/complaints/SubadminComplaintsPage';

export const Route = createFileRoute('/subadmin/sendcomplain/close')({
  component: () => <SubadminComplaintsPage status="closed" />,
});
