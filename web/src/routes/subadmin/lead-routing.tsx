import { createFileRoute } from '@tanstack/react-router';
import { pageHead } from '../../components/layout/pageTitles';
import { LeadRoutingPage } from '../../components/routing/LeadRoutingPage';

export const Route = createFileRoute('/subadmin/lead-routing')({ head: pageHead('/subadmin/lead-routing'), component: LeadRoutingPage });
