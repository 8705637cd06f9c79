import { createFileRoute } from '@tanstack/react-router';
import { pageHead } from '../../../components/layout/pageTitles';
import { CreateSubadminPage } from '../../../components/subadmins/CreateSubadminPage';

export const Route = createFileRoute('/admin/subadmin-list/form')({ head: pageHead('/admin/subadmin-list/form'), component: CreateSubadminPage });
