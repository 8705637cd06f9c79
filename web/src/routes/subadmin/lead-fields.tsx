import { createFileRoute } from '@tanstack/react-router';
import { pageHead } from '../../components/layout/pageTitles';
import { LeadFieldsPage } from '../../components/settings/LeadFieldsPage';

export const Route = createFileRoute('/subadmin/lead-fields')({ head: pageHead('/subadmin/lead-fields'), component: LeadFieldsPage });
