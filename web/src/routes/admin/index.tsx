import { createFileRoute } from '@tanstack/react-router';
import { pageHead } from '../../components/layout/pageTitles';
import { AdminDashboardPage } from '../../components/dashboard/AdminDashboardPage';

export const Route = createFileRoute('/admin/')({ head: pageHead('/admin'), component: AdminDashboardPage });
