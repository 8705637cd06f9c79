import { createFileRoute } from '@tanstack/react-router';
import { pageHead } from '../../components/layout/pageTitles';
import { SubadminDashboardPage } from '../../components/dashboard/SubadminDashboardPage';

export const Route = createFileRoute('/subadmin/dashbord')({ head: pageHead('/subadmin/dashbord'), component: SubadminDashboardPage });
